import { z } from 'zod';
import { fieldProblemText } from '@/shared/validation/field-problems';
import { UnknownFieldWarnings } from './warnings';

export const MAX_CALCULATOR_VALUE = 10_000_000;

/** The spec's exact 400 texts (POST /calculate answers `{detail}`), from the field problems a page translates (D23). */
export const CALCULATE_TEXTS = {
  invalidMode: fieldProblemText('calcMode'),
  amountRequired: fieldProblemText('calcAmountRequired'),
  smsCountRequired: fieldProblemText('calcSmsRequired'),
  amountRange: fieldProblemText('calcAmountRange', { max: MAX_CALCULATOR_VALUE }),
  smsCountRange: fieldProblemText('calcSmsRange', { max: MAX_CALCULATOR_VALUE }),
} as const;

export const CalculateRequest = z
  .object({
    mode: z.enum(['amount_to_sms', 'sms_to_amount'], { error: CALCULATE_TEXTS.invalidMode }),
    amount: z
      .number({ error: CALCULATE_TEXTS.amountRange })
      .min(0, { error: CALCULATE_TEXTS.amountRange })
      .max(MAX_CALCULATOR_VALUE, { error: CALCULATE_TEXTS.amountRange })
      .nullish()
      .meta({ description: 'Wallet amount, required for amount_to_sms.', example: 100 }),
    sms_count: z
      .number({ error: CALCULATE_TEXTS.smsCountRange })
      .int({ error: CALCULATE_TEXTS.smsCountRange })
      .min(0, { error: CALCULATE_TEXTS.smsCountRange })
      .max(MAX_CALCULATOR_VALUE, { error: CALCULATE_TEXTS.smsCountRange })
      .nullish()
      .meta({ description: 'Number of SMS, required for sms_to_amount.', example: 5000 }),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'amount_to_sms' && v.amount == null) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: CALCULATE_TEXTS.amountRequired });
    }
    if (v.mode === 'sms_to_amount' && v.sms_count == null) {
      ctx.addIssue({ code: 'custom', path: ['sms_count'], message: CALCULATE_TEXTS.smsCountRequired });
    }
  })
  .meta({ id: 'CalculateRequest' });
export type CalculateRequest = z.infer<typeof CalculateRequest>;

/** Which count is required depends on the mode: OpenAPI variants of the body (see SEND_REQUEST_VARIANTS). */
export const CALCULATE_REQUEST_VARIANTS = [
  { title: 'Amount to SMS', required: ['mode', 'amount'], properties: { mode: { const: 'amount_to_sms' }, amount: { type: 'number' } } },
  { title: 'SMS to amount', required: ['mode', 'sms_count'], properties: { mode: { const: 'sms_to_amount' }, sms_count: { type: 'integer' } } },
];

export const CalculateResult = z
  .object({
    mode: z.enum(['amount_to_sms', 'sms_to_amount']),
    amount: z.number().meta({ description: 'Input for amount_to_sms; sms_count x average_price rounded to 2 decimals for sms_to_amount.', example: 100 }),
    sms_count: z.number().int().meta({ description: 'floor(amount / average_price) for amount_to_sms; input for sms_to_amount.', example: 5405 }),
    average_price: z.number().meta({ description: 'Unweighted mean of the pricing rows, rounded to 4 decimals.', example: 0.0185 }),
    currency: z.string().meta({ example: 'USD' }),
    currency_symbol: z.string().meta({ example: '$' }),
    warnings: UnknownFieldWarnings,
  })
  .meta({ id: 'CalculateResult' });
export type CalculateResult = z.infer<typeof CalculateResult>;

