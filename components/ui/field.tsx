import { useId, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

type Common = { label: string; error?: string | null; hint?: string };

function Wrapper({ id, label, error, hint, children }: Common & { id: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const base = 'block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-blue-600 ';

/** The attributes every control shares: id, invalid state, what describes it, and its border. */
function controlProps(id: string, error: string | null | undefined, hint: string | undefined, className: string) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
    className: base + (error ? 'border-red-600 ' : 'border-slate-300 ') + className,
  };
}

/** A labelled input whose error is announced and linked with aria-describedby. */
export function Field({ label, error, hint, className = '', ...props }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <Wrapper id={id} label={label} error={error} hint={hint}>
      <input {...controlProps(id, error, hint, className)} {...props} />
    </Wrapper>
  );
}

export function Select({ label, error, hint, className = '', children, ...props }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <Wrapper id={id} label={label} error={error} hint={hint}>
      <select {...controlProps(id, error, hint, 'bg-white ' + className)} {...props}>
        {children}
      </select>
    </Wrapper>
  );
}

/** A labelled multi-line text box, with Field's error and hint wiring. */
export function TextArea({ label, error, hint, className = '', ...props }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <Wrapper id={id} label={label} error={error} hint={hint}>
      <textarea {...controlProps(id, error, hint, className)} {...props} />
    </Wrapper>
  );
}
