import { useTranslations } from 'next-intl';
import { FilterActions, FilterField, FilterForm, filterControl } from '@/components/ui/filter-form';
import { MESSAGE_STATUSES } from '@/shared/contracts/send';
import { StatusText } from './status-badge';

const SENDING_TYPES = ['immediate', 'scheduled', 'recurring'] as const;

export type FilterValues = { status?: string; sending_type?: string; from?: string; to?: string; phone?: string };

/** The messages list's filters (components/ui/filter-form.tsx); `errorField` marks the field the server refused. */
export function MessagesFilters({ values, errorField }: { values: FilterValues; errorField?: string | null }) {
  const invalid = (f: string) => (errorField === f ? true : undefined);
  const t = useTranslations('messages');
  return (
    <FilterForm action="/dashboard/messages" label={t('filters.label')} className="lg:grid-cols-6">
      <FilterField id="f-status" label={t('filters.status')}>
        <select id="f-status" name="status" defaultValue={values.status ?? ''} className={filterControl}>
          <option value="">{t('filters.any')}</option>
          {MESSAGE_STATUSES.map((s) => (
            <option key={s} value={s}>
              <StatusText status={s} />
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id="f-type" label={t('filters.type')}>
        <select id="f-type" name="sending_type" defaultValue={values.sending_type ?? ''} className={filterControl}>
          <option value="">{t('filters.any')}</option>
          {SENDING_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`sendingTypes.${type}`)}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id="f-from" label={t('filters.from')}>
        <input id="f-from" name="from" type="date" defaultValue={values.from ?? ''} aria-invalid={invalid('from')} className={filterControl} />
      </FilterField>
      <FilterField id="f-to" label={t('filters.to')}>
        <input id="f-to" name="to" type="date" defaultValue={values.to ?? ''} aria-invalid={invalid('to')} className={filterControl} />
      </FilterField>
      <FilterField id="f-phone" label={t('filters.phone')}>
        <input id="f-phone" name="phone" type="search" inputMode="tel" defaultValue={values.phone ?? ''} placeholder={t('filters.phonePlaceholder')} aria-invalid={invalid('phone')} className={filterControl} />
      </FilterField>
      <FilterActions submit={t('filters.submit')} clear={t('filters.clear')} clearHref="/dashboard/messages" />
    </FilterForm>
  );
}
