'use client';

import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useTRPC } from '@/components/providers';
import { Button } from '@/components/ui/button';
import { Field, Select } from '@/components/ui/field';
import {
  BIND_MODE_VALUES, CONNECTOR_KIND_VALUES, CreateConnectorInput, LONG_METHOD_VALUES, RECEIPT_ID_FORMAT_VALUES, UpdateConnectorInput, type ConnectorDetail,
} from '@/shared/contracts/connectors';
import { FormStatusLine, useFormSubmit } from '@/components/ui/use-form-submit';

type Key = 'kind' | 'host' | 'port' | 'tls' | 'systemId' | 'password' | 'systemType' | 'bindMode' | 'sessions' | 'window' | 'tps'
  | 'sourceTon' | 'sourceNpi' | 'destTon' | 'destNpi' | 'gsmCoding' | 'longMethod' | 'receiptIdFormat' | 'validityS' | 'enquireLinkS';

/** Each input: its contract key (its label's key in operator.connectorForm), the detail field it shows, its placeholder. */
const NUMBERS: [Key & ('port' | 'sessions' | 'window' | 'tps' | 'sourceTon' | 'sourceNpi' | 'destTon' | 'destNpi' | 'validityS' | 'enquireLinkS'), keyof ConnectorDetail, string][] = [
  ['port', 'port', '2775'], ['sessions', 'sessions', '1'], ['window', 'window', '10'], ['tps', 'tps', '100'],
  ['sourceTon', 'source_ton', '5'], ['sourceNpi', 'source_npi', '0'], ['destTon', 'dest_ton', '1'],
  ['destNpi', 'dest_npi', '1'], ['validityS', 'validity_s', '172800'], ['enquireLinkS', 'enquire_link_s', '30'],
];
const TEXTS: [Key & ('host' | 'systemId' | 'systemType'), keyof ConnectorDetail][] = [['host', 'host'], ['systemId', 'system_id'], ['systemType', 'system_type']];

/** The form's values as the contract takes them: empty numbers and texts are absent (the default applies). */
function valuesOf(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const str = (k: string) => String(form.get(k) ?? '');
  for (const k of ['kind', 'bindMode', 'longMethod', 'receiptIdFormat'] as const) out[k] = str(k);
  out.tls = str('tls') === 'on';
  out.gsmCoding = Number(str('gsmCoding'));
  for (const [k] of NUMBERS) if (str(k).trim() !== '') out[k] = Number(str(k).trim());
  for (const [k] of TEXTS) if (str(k).trim() !== '' || k === 'systemType') out[k] = str(k).trim();
  if (str('password') !== '') out.password = str('password');
  return out;
}

function detailValue(d: ConnectorDetail, k: Key): unknown {
  const map: Partial<Record<Key, keyof ConnectorDetail>> = { kind: 'kind', tls: 'tls', bindMode: 'bind_mode', gsmCoding: 'gsm_coding', longMethod: 'long_method', receiptIdFormat: 'receipt_id_format' };
  const field = map[k] ?? NUMBERS.find((n) => n[0] === k)?.[1] ?? TEXTS.find((t) => t[0] === k)?.[1];
  return field ? d[field] : undefined;
}

/** Create a connector, or edit one (only the changed settings are sent; the password is write-only). */
export function ConnectorForm({ current }: { current?: ConnectorDetail }) {
  const trpc = useTRPC();
  const t = useTranslations('operator.connectorForm');
  const router = useRouter();
  const create = useMutation(trpc.operator.createConnector.mutationOptions());
  const update = useMutation(trpc.operator.updateConnector.mutationOptions());
  const pending = create.isPending || update.isPending;
  const { errors, status, onSubmit } = useFormSubmit<CreateConnectorInput | UpdateConnectorInput, { connector: { name: string } }>(
    (form) => {
      const values = valuesOf(form);
      if (current) for (const k of Object.keys(values) as Key[]) if (k !== 'password' && values[k] === detailValue(current, k)) delete values[k];
      const name = current ? current.name : String(form.get('name') ?? '');
      return current ? UpdateConnectorInput.safeParse({ ...values, name }) : CreateConnectorInput.safeParse({ ...values, name });
    },
    (input) => (current ? update.mutateAsync(input as UpdateConnectorInput) : create.mutateAsync(input as CreateConnectorInput)),
    (r, form) => {
      if (!current) form.reset();
      router.refresh();
      return t('saved', { name: r.connector.name });
    },
  );

  const initial = (k: Key, fallback = '') => (current ? String(detailValue(current, k) ?? '') : fallback);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={current ? t('editLabel', { name: current.name }) : t('newLabel')}>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {!current && <Field label={t('name')} name="name" autoComplete="off" required error={errors.name} hint={t('nameHint')} />}
        <Select label={t('kind')} name="kind" defaultValue={initial('kind', 'smpp')} error={errors.kind}>
          {CONNECTOR_KIND_VALUES.map((k) => <option key={k} value={k}>{k}</option>)}
        </Select>
        {TEXTS.map(([k]) => <Field key={k} label={t(k)} name={k} autoComplete="off" defaultValue={initial(k)} error={errors[k]} />)}
        <Field
          label={t('password')}
          name="password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
          hint={current ? (current.password_set ? t('passwordStored') : t('passwordNone')) : t('passwordNew')}
        />
        <Select label={t('tls')} name="tls" defaultValue={current?.tls ? 'on' : 'off'} error={errors.tls}>
          <option value="off">{t('off')}</option>
          <option value="on">{t('on')}</option>
        </Select>
        <Select label={t('bindMode')} name="bindMode" defaultValue={initial('bindMode', 'transceiver')} error={errors.bindMode}>
          {BIND_MODE_VALUES.map((k) => <option key={k} value={k}>{k}</option>)}
        </Select>
        <Select label={t('gsmCoding')} name="gsmCoding" defaultValue={initial('gsmCoding', '0')} error={errors.gsmCoding}>
          <option value="0">{t('gsmDefault')}</option>
          <option value="3">{t('latin1')}</option>
        </Select>
        <Select label={t('longMethod')} name="longMethod" defaultValue={initial('longMethod', 'udh')} error={errors.longMethod}>
          {LONG_METHOD_VALUES.map((k) => <option key={k} value={k}>{k}</option>)}
        </Select>
        <Select label={t('receiptIds')} name="receiptIdFormat" defaultValue={initial('receiptIdFormat', 'exact')} error={errors.receiptIdFormat}>
          {RECEIPT_ID_FORMAT_VALUES.map((k) => <option key={k} value={k}>{k} ({t(`receiptIdHints.${k}`)})</option>)}
        </Select>
        {NUMBERS.map(([k, , fallback]) => (
          <Field key={k} label={t(k)} name={k} inputMode="numeric" autoComplete="off" defaultValue={initial(k)} placeholder={fallback} error={errors[k]} />
        ))}
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={pending}>{pending ? t('pending') : current ? t('save') : t('add')}</Button>
      </div>
      <FormStatusLine status={status} />
    </form>
  );
}
