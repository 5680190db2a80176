'use client';

import { useMemo, useState } from 'react';
import type { ComposeSchedule } from '@/shared/messages/compose/preview';
import type { ScheduledDate } from '@/shared/schedules/schedules';
import { timesOf, type RuleForm, type SendingKind } from './schedule-input';

/** When the send goes: now, at chosen dates (the first tomorrow at 09:00) or by a rule (weekly from tomorrow by default). */
export function useComposeSchedule(tomorrow: string) {
  const [kind, setKind] = useState<SendingKind>('immediate');
  const [dates, setDates] = useState<ScheduledDate[]>([{ date: tomorrow, time: '09:00' }]);
  const [rule, setRule] = useState<RuleForm>({ start_date: tomorrow, end_date: '', frequency: 'weekly', interval: '1', times: '09:00' });
  const schedule: ComposeSchedule = useMemo(() => {
    if (kind === 'immediate') return { kind };
    if (kind === 'scheduled') return { kind, dates };
    return { kind, rule: { start_date: rule.start_date, end_date: rule.end_date || null, frequency: rule.frequency, interval: Number(rule.interval), times: timesOf(rule.times) } };
  }, [kind, dates, rule]);
  return { kind, setKind, dates, setDates, rule, setRule, schedule };
}
