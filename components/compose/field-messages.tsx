/** The errors of one part of the form, announced when they appear and linked with aria-describedby. */
export function FieldMessages({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <ul id={id} role="alert" className="mt-1 space-y-0.5 text-sm text-red-700">
      {messages.map((m, i) => (
        <li key={i}>{m}</li>
      ))}
    </ul>
  );
}

export const inputClass = (invalid: boolean) =>
  `block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-blue-600 disabled:bg-slate-100 ${invalid ? 'border-red-600' : 'border-slate-300'}`;

/** aria-describedby from the ids that are actually rendered. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}
