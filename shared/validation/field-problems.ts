// Field-level validation texts (D23): every text a contract (shared/contracts), a shared validator
// (shared/messages/validate-send.ts, the password policy) or a domain check gives a field, as a code with its values.
// The English template is the API's text, exactly: REST answers it unchanged, and the English catalogue
// (`fieldProblems` in messages/en) equals this table (shared/validation/field-problems.test.ts). A page that is not
// English reads a field's text back into its code and values (`readFieldProblem`) and says it from its catalogue.
//
// Pure and browser-safe: the forms and the server components call it.

/** `{name}` is a value; everything else is the API's text as it is. */
export const FIELD_PROBLEMS = {
  // Any field
  required: 'This field is required.',
  unstorable: 'must not contain NUL (U+0000) or unpaired surrogate (U+D800 to U+DFFF) characters',
  noNul: 'must not contain NUL (U+0000) characters',
  noControl: 'must not contain control characters',
  empty: 'must not be empty',
  maxChars: 'must be at most {max} characters',
  useAtMost: 'Use at most {max} characters.',
  useAtLeast: 'Use at least {min} characters.',
  zodTooBig: 'Too big: expected string to have <={max} characters',
  zodTooSmall: 'Too small: expected string to have >={min} characters',
  dateRange: 'Use a date from {min} to {max}.',
  integer: 'must be an integer',
  atLeastOne: 'must be at least 1',
  // POST /send and Compose (D1, D3, D4, D18, D21)
  toRequired: 'at least one recipient is required',
  toLimit: 'at most {max} recipients per send',
  phoneShape: 'must be a phone number: at least 8 digits after removing spaces and dashes, optional leading +',
  senderIdLength: 'must be 1 to {max} characters',
  callbackHttps: 'must be an absolute https URL',
  callbackHttp: 'must be an absolute http(s) URL',
  sendingType: "must be one of 'immediate', 'scheduled', 'recurring'",
  smartEncodingMode: "must be one of 'off', 'lookalikes', 'transliterate'",
  frequency: "must be one of 'daily', 'weekly', 'monthly', 'yearly'",
  timesRequired: 'at least one HH:mm time is required',
  datesLimit: 'at most {max} scheduled_dates per send',
  notWithType: "must not be present when sending_type is '{type}'",
  datesRequired: "a non-empty scheduled_dates is required when sending_type is 'scheduled'",
  ruleRequired: "recurring_schedule is required when sending_type is 'recurring'",
  chooseApp: 'Choose the app to send as.',
  chooseReplyNumber: 'Choose the number to reply from.',
  appNotOurs: 'Choose one of your organization’s apps.',
  appEnvironment: 'This app’s key is for the {appEnvironment} environment; this dashboard sends in {environment}.',
  appStatus: 'This app’s key is {status}; it cannot send.',
  // POST /calculate (the spec's texts)
  calcMode: "Invalid mode: 'mode' must be 'amount_to_sms' or 'sms_to_amount'",
  calcAmountRequired: "'amount' is required when mode='amount_to_sms'",
  calcSmsRequired: "'sms_count' is required when mode='sms_to_amount'",
  calcAmountRange: "'amount' must be a number between 0 and {max}",
  calcSmsRange: "'sms_count' must be an integer between 0 and {max}",
  // Lists and their filters
  dateYmd: 'Use a date YYYY-MM-DD.',
  dateExample: 'Use a date such as 2026-11-21.',
  notRealDate: 'Not a real date.',
  endBeforeStart: 'The end date is before the start date.',
  digitsMin: 'Type at least 3 digits of the number.',
  notPhone: 'not a phone number',
  pageLimit: 'Use a whole number from 1 to {max}.',
  moment: 'Use an ISO 8601 date (YYYY-MM-DD) or date-time with offset.',
  pageLinkStale: 'This page link is not valid any more.',
  pageLinkRestart: 'This page link is not valid any more; start from the first page.',
  walletFlag: 'Choose the prepaid or the postpaid wallet.',
  ledgerType: 'Choose a known entry type.',
  phonesRequired: 'at least one phone is required',
  phonesLimit: 'at most {max} phones per request',
  // The opt-out CSV import (/dashboard/opt-outs/import answers plain text)
  importReason: 'The reason must be at most 200 characters.',
  importTooLarge: 'The file is larger than {max} MB.',
  importTooMany: 'A file may hold at most {max} phones; this one holds {total}.',
  importCsvOnly: 'Send the file as text/csv.',
  importRole: 'This action needs the developer role.',
  // Sign-in, sign-up, passwords, members
  enterName: 'Enter your name.',
  enterEmail: 'Enter a valid email address.',
  enterCompany: 'Enter your company name.',
  enterCurrentPassword: 'Enter your current password.',
  wrongCurrentPassword: 'This is not your current password.',
  samePassword: 'Choose a password different from the current one.',
  repeatedCharacter: 'Do not use one character repeated.',
  passwordIsEmail: 'Do not use your email address as your password.',
  emailTaken: 'An account with this email already exists.',
  alreadyMember: 'This person is already a member.',
  memberName: 'Enter their name: no account exists for this email yet.',
  role: 'Choose owner, developer or viewer.',
  // Settings
  orgName: 'Enter the organization name.',
  timezone: 'Choose a time zone from the list, such as Africa/Kinshasa.',
  country: 'Choose a country.',
  countryFromList: 'Choose a country from the list.',
  smartEncoding: 'Choose off, lookalikes or transliterate.',
  replyText: 'Enter the text of the reply.',
  replyLanguage: 'Choose en or fr.',
  // Keys and webhooks
  appName: 'Enter a name for the app.',
  urlAbsolute: 'Enter an absolute URL such as https://example.com/hooks/sms.',
  urlScheme: 'The URL must start with https:// (or http:// in the sandbox).',
  urlCredentials: 'Put the credentials in the username and password fields, not in the URL.',
  basicNeedsUrl: 'Basic credentials need a webhook URL.',
  enterNewPassword: 'Enter the new password.',
  passwordNeedsUser: 'A password needs a username.',
  liveHttpsOnly: 'The live environment delivers webhooks over https only.',
  // Sender IDs (D22)
  senderIdRule: 'must be 3 to 11 letters, digits and spaces, with at least one letter',
  // Wallet
  amount: 'Enter an amount such as 25 or 12.50 (at most 4 decimals).',
  amountPositive: 'The amount must be more than 0.',
  topUpMax: 'At most {max} per top-up.',
  // Operator console
  connectorName: 'Name: lowercase letters, digits, - and _, at most 40.',
  connectorKind: 'Kind: smpp or simulator.',
  hostRequired: 'Host: required.',
  hostMax: 'Host: at most 253 characters.',
  systemIdRequired: 'System ID: required.',
  systemIdMax: 'System ID: at most 15 characters.',
  passwordRequired: 'Password: required.',
  hostRequiredSmpp: 'Host: required for an SMPP connector.',
  portRequiredSmpp: 'Port: required for an SMPP connector.',
  systemIdRequiredSmpp: 'System ID: required for an SMPP connector.',
  passwordRequiredSmpp: 'Password: required for an SMPP connector.',
  wholePort: 'Port: a whole number from {min} to {max}.',
  wholeSessions: 'Sessions: a whole number from {min} to {max}.',
  wholeWindow: 'Window: a whole number from {min} to {max}.',
  wholeTps: 'TPS: a whole number from {min} to {max}.',
  wholeSourceTon: 'Source TON: a whole number from {min} to {max}.',
  wholeSourceNpi: 'Source NPI: a whole number from {min} to {max}.',
  wholeDestTon: 'Destination TON: a whole number from {min} to {max}.',
  wholeDestNpi: 'Destination NPI: a whole number from {min} to {max}.',
  wholeValidity: 'Validity (s): a whole number from {min} to {max}.',
  wholeEnquireLink: 'Enquire link (s): a whole number from {min} to {max}.',
  passwordMax: 'Password: at most 8 characters.',
  systemTypeMax: 'System type: at most 12 characters.',
  bindMode: 'Bind mode: transceiver or split.',
  gsmCoding: 'GSM data coding: 0 or 3.',
  longMethod: 'Long messages: udh, sar or payload.',
  receiptIds: 'Receipt ids: exact, hex-to-dec or dec-to-hex.',
  routePrefix: 'Prefix: 1 to 15 digits of an E.164 number.',
  routeConnectorsMin: 'Connectors: at least one.',
  routeConnectorsMax: 'Connectors: at most 20.',
  routeConnectorTwice: 'Connectors: a connector is listed twice.',
  countryCode: 'Use a 2-letter country code such as CD.',
  network: 'Enter the network name.',
  prefixes: 'Enter digits, comma-separated, such as 24381,24382.',
  pricePositive: 'The price must be more than 0.',
  defaultPricePositive: 'The default price must be more than 0.',
  prefixTwice: 'Prefix {prefix} is already priced in row {row}.',
  rowsMax: 'At most 200 rows.',
  unknownApp: 'Unknown app.',
  unknownMerchant: 'Unknown merchant.',
  unknownUser: 'Unknown user.',
  unknownMember: 'Unknown member.',
  unknownRequest: 'Unknown request.',
  unknownSenderId: 'Unknown sender ID.',
  numberRequired: 'Enter the number or short code.',
  numberMax: 'At most 15 digits.',
  keywordMax: 'At most 20 letters or digits.',
  numberShape: 'expected a dedicated number of 8-15 digits (E.164 without +) or a short code of 3-7 digits',
  keywordOnShortCode: 'only a short code (3-7 digits) takes a keyword: a dedicated number receives every message sent to it',
  keywordShape: 'expected 2-20 letters or digits',
} as const;

export type FieldProblemCode = keyof typeof FIELD_PROBLEMS;
/** A field's problem: its code and values (`{ code: 'maxChars', max: '1600' }`), as phone.ts and schedules name theirs. */
export type FieldProblem = { code: FieldProblemCode } & Record<string, string>;

/** The API's English text of a problem. */
export function fieldProblemText(code: FieldProblemCode, values: Record<string, string | number> = {}): string {
  return FIELD_PROBLEMS[code].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const READERS = (Object.entries(FIELD_PROBLEMS) as Array<[FieldProblemCode, string]>).map(([code, template]) => {
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (!m) return escape(part);
      names.push(m[1]);
      return '(.+?)';
    })
    .join('');
  return { code, names, pattern: new RegExp(`^${source}$`, 's') };
});

/**
 * The code and values of a field's text, as the server, a contract or a validator wrote it (a zod limit's `LIMIT: `
 * prefix aside); null for a text this table does not hold (the page then shows it as it is).
 */
export function readFieldProblem(text: string): FieldProblem | null {
  const plain = text.replace(/^LIMIT:\s*/, '');
  for (const { code, names, pattern } of READERS) {
    const m = pattern.exec(plain);
    if (m) return Object.assign({ code }, Object.fromEntries(names.map((n, i) => [n, m[i + 1]]))) as FieldProblem;
  }
  return null;
}
