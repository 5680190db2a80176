/* Generated from the service's OpenAPI document by scripts/sdk-types.ts (npm run sdk:generate). Do not edit. */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health check (unauthenticated, not rate limited)
         * @description 200 with status "ok" while the database answers; 503 with status "degraded" when it does not.
         */
        get: operations["health-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wallet balances and unit price
         * @description Prepaid (SVC_SMS) and postpaid (SVC_POST_PAID) balances, the default segment price and how many SMS the balance buys. May be cached for 30 s (`Cache-Control: private, max-age=30`).
         */
        get: operations["wallets-getBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/calculate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Convert between a wallet amount and an SMS count
         * @description Uses the unweighted mean of the merchant pricing rows (the platform price list when the merchant has none), rounded half-up to 4 decimals. Errors answer `{detail}` with the texts of the contract.
         */
        post: operations["pricing-calculate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an SMS now, at scheduled moments, or on a recurring schedule
         * @description Charges the whole cost of every dispatch at submit (prepaid wallet first, then postpaid). Optional header `Idempotency-Key` (1-255 visible ASCII): the same key and body within 24 h returns the first answer and charges nothing more; another body under the same key answers 409 (1409). Validation errors list every problem in `errors[]` with JSON paths such as `to[3]`. Recipients on your opt-out list (D19) are not sent to and not charged: they count in `suppressed_recipients` and are recorded `failed` with `error_code` `OPTED_OUT`; when every recipient is on the list the answer is 400 (1130) and nothing is created. D22: a `sender_id` without a letter must be one of your numbers or short codes, and in live one with a letter must be one of your approved sender IDs (GET /sender-ids), else 400 (1140) and nothing is created; the sandbox sends an unapproved one with the warning SENDER_ID_NOT_APPROVED.
         */
        post: operations["messages-send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status/{message_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status of a send: aggregate status and counters
         * @description Counters count deliveries (recipient x dispatch). For interactive sends poll up to 3 times, 2 s apart; for batches use webhooks. An unknown id and another merchant's id both answer 404 `{"detail": "Message not found"}`; a send older than the retention (RETENTION_DAYS, 400 days by default: D24) 404 `{"detail": "Message expired"}`.
         */
        get: operations["messages-getStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cancel/{message_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Cancel a scheduled or recurring send
         * @description Cancels every dispatch of a scheduled or recurring send that has not started and refunds its reserved cost (postpaid wallet first, then prepaid). A dispatch already started finishes. Answers the message status plus `refunded_amount`. 409 (1402) for an immediate, cancelled or finished send.
         */
        delete: operations["messages-cancel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pause/{message_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause a scheduled or recurring send
         * @description Pauses a scheduled or recurring send: dispatches whose moment passes while paused are skipped and refunded at resume. 409 (1402) unless the send is running.
         */
        post: operations["messages-pause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/resume/{message_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a scheduled or recurring send
         * @description Resumes a paused send and refunds the dispatches skipped while it was paused (`refunded_amount`). 409 (1402) unless paused.
         */
        post: operations["messages-resume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your messages, newest first (reconciliation)
         * @description Each item is the object `GET /status/{message_id}` returns. Filters combine; `next_cursor` is null on the last page. Counts against the status rate-limit bucket.
         */
        get: operations["messages-listApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/messages/{message_id}/recipients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A message's deliveries, one per recipient and dispatch (reconciliation)
         * @description In the order they were written (dispatch, then position in `to`). An unknown id and another merchant's id both answer 404 `{"detail": "Message not found"}`; a send older than the retention (D24) 404 `{"detail": "Message expired"}`. Counts against the status rate-limit bucket.
         */
        get: operations["messages-listApiRecipients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opt-outs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your opt-out list, newest first
         * @description Phones that must not receive your messages. `phone` narrows the list to one number (national numbers use your default country). `next_cursor` is null on the last page. Counts against the status rate-limit bucket.
         */
        get: operations["optOuts-listApi"];
        put?: never;
        /**
         * Add phones to your opt-out list
         * @description 1 to 1000 phones, read like POST /send recipients. `added` counts the phones put on the list, `already` those that were on it (their entry is unchanged). Each phone added sends `contact.opted_out` to your app's inbound URL. One invalid phone refuses the whole request: 400 (1110) naming each bad index (`phones[3]`). Counts against the control rate-limit bucket.
         */
        post: operations["optOuts-addApi"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opt-outs/{phone}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a phone from your opt-out list
         * @description Answers the entry removed and sends `contact.opted_in` to your app's inbound URL. 404 `Not found` when the phone is not on the list; 409 (1131) when the subscriber opted out by keyword: only their own START lifts that. Counts against the control rate-limit bucket.
         */
        delete: operations["optOuts-deleteApi"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbound": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * SMS sent to your numbers, newest first
         * @description Each item is the `data` of its `sms.received` event plus `inbound_id`. `from` narrows to one sender (national numbers use your default country), `to` to one of your numbers, `received_since` (inclusive) to what came at or after a moment. `next_cursor` is null on the last page. Counts against the status rate-limit bucket.
         */
        get: operations["inbound-listApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbound/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: simulate an SMS sent to one of your numbers
         * @description Sandbox keys only (in production this path answers 404 like an unknown one). The MO is stored, listed by GET /inbound and posted as `sms.received` to the app's inbound_url, as a carrier's would be (`carrier`: `simulator`). `to` (with the first word of `text` as keyword, on a shared short code) must route to one of your apps: else 400 (1110) and nothing is stored. Counts against the send rate-limit bucket.
         */
        post: operations["inbound-simulateApi"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/numbers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your organization's inbound numbers
         * @description Dedicated numbers and short codes (with their keyword, if any) assigned to your organization's apps, ordered by number, a short code's catch-all (keyword null) before its keywords. Operators assign them. Counts against the status rate-limit bucket.
         */
        get: operations["numbers-listApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sender-ids": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your organization's sender IDs
         * @description Every sender ID your organization requested, newest first, with its state (`pending`, `approved`, `rejected`, `revoked`) and, when rejected or revoked, the reason. `state` narrows the list to one state. Counts against the status rate-limit bucket.
         */
        get: operations["senderIds-listApi"];
        put?: never;
        /**
         * Request a sender ID
         * @description Asks for an alphanumeric sender ID (3 to 11 letters, digits and spaces, at least one letter) for your organization: it is `pending` until an operator approves or rejects it, and each decision is posted to your apps' `webhook_url` (`sender_id.approved`, `sender_id.rejected`, `sender_id.revoked`). In live, only an approved sender ID may be a send's `sender_id`. 409 (1141) when your organization already has it pending or approved. Counts against the send rate-limit bucket.
         */
        post: operations["senderIds-createApi"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "sms.queued": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * sms.queued event
         * @description Once per send, right after the 201. Posted to the key's `webhook_url`, or to the send's `callback_url` when it has one.
         */
        post: operations["webhook-sms-queued"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sms.processing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * sms.processing event
         * @description Per delivery (recipient x dispatch), when a connector picks it up. Posted to the key's `webhook_url`, or to the send's `callback_url` when it has one.
         */
        post: operations["webhook-sms-processing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sms.sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * sms.sent event
         * @description Per delivery, when the carrier accepts it. Posted to the key's `webhook_url`, or to the send's `callback_url` when it has one.
         */
        post: operations["webhook-sms-sent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sms.delivered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * sms.delivered event
         * @description Per delivery, final: the receipt confirms delivery. Posted to the key's `webhook_url`, or to the send's `callback_url` when it has one.
         */
        post: operations["webhook-sms-delivered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sms.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * sms.failed event
         * @description Per delivery, final: any path to failure. Posted to the key's `webhook_url`, or to the send's `callback_url` when it has one.
         */
        post: operations["webhook-sms-failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sms.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * sms.received event
         * @description An SMS a phone sent to one of your numbers (D18). Posted to the application's inbound URL (D18, D19).
         */
        post: operations["webhook-sms-received"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact.opted_out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * contact.opted_out event
         * @description A phone was put on your opt-out list (D19). Posted to the application's inbound URL (D18, D19).
         */
        post: operations["webhook-contact-opted-out"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contact.opted_in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * contact.opted_in event
         * @description A phone was taken off your opt-out list (D19). Posted to the application's inbound URL (D18, D19).
         */
        post: operations["webhook-contact-opted-in"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sender_id.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * sender_id.approved event
         * @description An operator approved one of your sender IDs (D22). Posted to the `webhook_url` of each of the organization's applications.
         */
        post: operations["webhook-sender-id-approved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sender_id.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * sender_id.rejected event
         * @description An operator rejected one of your sender IDs (D22), with `reason`. Posted to the `webhook_url` of each of the organization's applications.
         */
        post: operations["webhook-sender-id-rejected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sender_id.revoked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * sender_id.revoked event
         * @description An operator revoked one of your sender IDs (D22), with `reason`. Posted to the `webhook_url` of each of the organization's applications.
         */
        post: operations["webhook-sender-id-revoked"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "wallet.low_balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * wallet.low_balance event
         * @description A charge took your balance below your alert threshold (Settings; issue 44). Once per crossing: again only after a top-up or refund lifts it back to the threshold or above. Posted to the `webhook_url` of each of the organization's applications.
         */
        post: operations["webhook-wallet-low-balance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        Health: {
            /** @enum {string} */
            status: "ok" | "degraded";
            /** @example 0.1.0 */
            version: string;
            /**
             * @description Server time, ISO 8601.
             * @example 2026-11-21T10:00:00.000Z
             */
            time: string;
            checks: {
                /** @enum {string} */
                database: "ok" | "down";
                /**
                 * @description ok: a worker reported within 30 s; stale: last report older; down: no worker has ever reported; unknown: the database did not answer.
                 * @enum {string}
                 */
                worker: "ok" | "stale" | "down" | "unknown";
                /** @description D14, additive: ok when every enabled connector has a bound session (or none is enabled); degraded with their names otherwise. Does not change the HTTP status: messages still fail over or wait. */
                connectors: {
                    /** @enum {string} */
                    status: "ok" | "degraded";
                    /**
                     * @description Names of enabled connectors without a bound session (an SMPP connector's binds; the simulator's single session while a worker runs it).
                     * @example [
                     *       "mno-b"
                     *     ]
                     */
                    unbound: string[];
                };
                /** @description Restarts of the processes the launcher (`npm start`, `npm run dev`) supervises; absent when the answering process was not started by it. A crash loop does not change `status` (that stays about the database). */
                supervisor?: {
                    /**
                     * @description crash_loop: at least one of the processes below is in a crash loop.
                     * @enum {string}
                     */
                    status: "ok" | "crash_loop";
                    web: {
                        /**
                         * @description Restarts since the launcher started.
                         * @example 0
                         */
                        restarts: number;
                        /**
                         * @description Restarts within the last 5 minutes.
                         * @example 0
                         */
                        recent_restarts: number;
                        /** @description More than 5 restarts within the last 5 minutes. */
                        crash_loop: boolean;
                        /**
                         * @description How the process last ended, e.g. "signal SIGKILL" or "code 1"; null if it never has.
                         * @example null
                         */
                        last_exit: string | null;
                        /**
                         * @description When it last ended, ISO 8601; null if it never has.
                         * @example null
                         */
                        last_exit_at: string | null;
                    };
                    /** @description Absent with WORKER=off. */
                    worker?: {
                        /**
                         * @description Restarts since the launcher started.
                         * @example 0
                         */
                        restarts: number;
                        /**
                         * @description Restarts within the last 5 minutes.
                         * @example 0
                         */
                        recent_restarts: number;
                        /** @description More than 5 restarts within the last 5 minutes. */
                        crash_loop: boolean;
                        /**
                         * @description How the process last ended, e.g. "signal SIGKILL" or "code 1"; null if it never has.
                         * @example null
                         */
                        last_exit: string | null;
                        /**
                         * @description When it last ended, ISO 8601; null if it never has.
                         * @example null
                         */
                        last_exit_at: string | null;
                    };
                    /** @description The SMPP listener (D15); absent with SMPP_PORT=off. */
                    smpp?: {
                        /**
                         * @description Restarts since the launcher started.
                         * @example 0
                         */
                        restarts: number;
                        /**
                         * @description Restarts within the last 5 minutes.
                         * @example 0
                         */
                        recent_restarts: number;
                        /** @description More than 5 restarts within the last 5 minutes. */
                        crash_loop: boolean;
                        /**
                         * @description How the process last ended, e.g. "signal SIGKILL" or "code 1"; null if it never has.
                         * @example null
                         */
                        last_exit: string | null;
                        /**
                         * @description When it last ended, ISO 8601; null if it never has.
                         * @example null
                         */
                        last_exit_at: string | null;
                    };
                };
            };
        };
        Balance: {
            /**
             * @description sms_wallet_balance + postpaid_wallet_balance, in currency.
             * @example 125.5
             */
            balance: number;
            /**
             * @description Prepaid SVC_SMS wallet; 0 if none.
             * @example 100.5
             */
            sms_wallet_balance: number;
            /**
             * @description Postpaid SVC_POST_PAID wallet; 0 if none.
             * @example 25
             */
            postpaid_wallet_balance: number;
            /**
             * @description ISO 4217 code of the primary wallet.
             * @example USD
             */
            currency: string;
            /**
             * @description Default price of one segment; 0.01 when none is configured.
             * @example 0.02
             */
            unit_price: number;
            /**
             * @description floor(balance / unit_price).
             * @example 6275
             */
            available_sms: number;
        };
        CalculateResult: {
            /** @enum {string} */
            mode: "amount_to_sms" | "sms_to_amount";
            /**
             * @description Input for amount_to_sms; sms_count x average_price rounded to 2 decimals for sms_to_amount.
             * @example 100
             */
            amount: number;
            /**
             * @description floor(amount / average_price) for amount_to_sms; input for sms_to_amount.
             * @example 5405
             */
            sms_count: number;
            /**
             * @description Unweighted mean of the pricing rows, rounded to 4 decimals.
             * @example 0.0185
             */
            average_price: number;
            /** @example USD */
            currency: string;
            /** @example $ */
            currency_symbol: string;
            /** @description Additive (D12): present only when the body held fields this endpoint does not know; each was ignored (UNKNOWN_FIELD, at most 50 entries). */
            warnings?: components["schemas"]["UnknownFieldWarning"][];
        };
        UnknownFieldWarning: {
            /** @constant */
            code: "UNKNOWN_FIELD";
            /**
             * @description JSON path of the ignored field in the request body (`colour`, `recurring_schedule.tz`, `scheduled_dates[0].zone`).
             * @example colour
             */
            field: string;
            /** @example not a field of this request: it was ignored */
            message: string;
        };
        SendResult: {
            /** @example msg_5fQe2cW3m1m9T0kq8B2xYz */
            message_id: string;
            /**
             * @description The length of `to`, opted-out recipients included.
             * @example 2
             */
            total_recipients: number;
            /**
             * @description Additive (D19): recipients of `to` on your opt-out list, 0 when none. They are not sent to and not charged: each is recorded `failed` with `error_code` `OPTED_OUT` and price 0 (with its `sms.failed` event) and counts as failed in GET /status. When every recipient is on the list the answer is 400 (1130) instead.
             * @example 0
             */
            suppressed_recipients: number;
            /**
             * @description Additive (D14): recipients of `to` that no carrier route takes (live only; in the sandbox the simulator takes every number), 0 when none. They are not sent to and not charged: each is recorded `failed` with `error_code` `NO_ROUTE`, `retryable` false and price 0 (with its `sms.failed` event), and named in `warnings`. When no recipient is left the answer is 400 (1132) instead. Present in every 201 (absent only in the replay of an answer first given before it existed).
             * @example 0
             */
            unroutable_recipients?: number;
            /**
             * @description Recipients x segments x dispatches, the suppressed and unroutable recipients left out.
             * @example 2
             */
            total_messages: number;
            /**
             * @description Deducted at submit; the suppressed and unroutable recipients cost nothing.
             * @example 0.038
             */
            total_cost: number;
            /** @example USD */
            currency: string;
            /** @constant */
            status: "pending";
            /** @enum {string} */
            sending_type: "immediate" | "scheduled" | "recurring";
            /**
             * @description Additive (D21): the encoding of the text as sent. Present in every 201 (absent only in the replay of an answer first given before it existed).
             * @example gsm7
             * @enum {string}
             */
            encoding?: "gsm7" | "ucs2";
            /** @description Additive (D21): the smart encoding used. Present in every 201, as `encoding`. */
            smart_encoding?: components["schemas"]["SmartEncodingResult"];
            /** @description Additive: present only when there is something to say: one entry per recipient concerned, after a SENDER_ID_NOT_APPROVED entry about the sender_id when there is one, then one UNKNOWN_FIELD entry per ignored field of the body (at most 50). The send was accepted and charged all the same. */
            warnings?: components["schemas"]["SendWarning"][];
        };
        SmartEncodingResult: {
            /**
             * @description The mode used: the request's smart_encoding, else the organization's setting.
             * @enum {string}
             */
            mode: "off" | "lookalikes" | "transliterate";
            /** @description True when the replacement was used: it changed the text and the result is all GSM-7. */
            applied: boolean;
            /**
             * @description Characters of the original replaced (Œ -> OE counts one); 0 when not applied.
             * @example 0
             */
            replaced_characters: number;
        };
        SendWarning: {
            /**
             * @description Position in `to`, from 0 (recipient warnings only).
             * @example 0
             */
            index?: number;
            /**
             * @description The number as normalized to E.164, and sent (recipient warnings only).
             * @example +2432025550123
             */
            phone?: string;
            /**
             * @description The field a warning about the whole send concerns: `sender_id` (SENDER_ID_NOT_APPROVED), or the JSON path of a field that was ignored (UNKNOWN_FIELD).
             * @example sender_id
             */
            field?: string;
            /**
             * @description UNLIKELY_NUMBER: the number is possible (D3 accepts it) but in no range of its country's numbering plan, so carriers will most likely refuse it; often a foreign number written without + and its country code. SENDER_ID_NOT_APPROVED (sandbox only, D22): `sender_id` is not one of your approved sender IDs; the sandbox sends it, live would refuse the send with 1140. NO_ROUTE (live only, D14): no carrier route takes the number; it is recorded `failed` with `error_code` `NO_ROUTE` at price 0, neither sent nor charged, and counted in `unroutable_recipients`. UNKNOWN_FIELD (D12): the body held a field POST /send does not know (`field`, its JSON path); it was ignored, as v1 ignores it.
             * @enum {string}
             */
            code: "UNLIKELY_NUMBER" | "SENDER_ID_NOT_APPROVED" | "NO_ROUTE" | "UNKNOWN_FIELD";
            message: string;
        };
        MessageStatus: {
            message_id: string;
            /** @enum {string} */
            status: "pending" | "processing" | "delivered" | "failed" | "partially_delivered" | "paused" | "cancelled";
            total_recipients: number;
            delivered: number;
            failed: number;
            /** @description Deliveries (recipient x dispatch) not yet terminal and not cancelled. */
            pending: number;
            /** @description Deliveries that will never be attempted (cancelled or skipped while paused). */
            cancelled: number;
            created_at: string;
            updated_at: string;
            /** @enum {string} */
            sending_type: "immediate" | "scheduled" | "recurring";
            total_messages: number;
            total_cost: number;
            /**
             * @description What went back to the wallets for this send so far (D20): the price of every recipient that failed before any carrier accepted it, and the cost of dispatches cancelled or skipped while paused. total_cost and each recipient's price still show what was charged.
             * @example 0.02
             */
            refunded_amount: number;
            currency: string;
            dispatches_total: number;
            dispatches_done: number;
            next_dispatch_at: string | null;
        };
        ControlResult: {
            message_id: string;
            /** @enum {string} */
            status: "pending" | "processing" | "delivered" | "failed" | "partially_delivered" | "paused" | "cancelled";
            total_recipients: number;
            delivered: number;
            failed: number;
            /** @description Deliveries (recipient x dispatch) not yet terminal and not cancelled. */
            pending: number;
            /** @description Deliveries that will never be attempted (cancelled or skipped while paused). */
            cancelled: number;
            created_at: string;
            updated_at: string;
            /** @enum {string} */
            sending_type: "immediate" | "scheduled" | "recurring";
            total_messages: number;
            total_cost: number;
            /** @description What this call returned to the wallets (D6): cancel and resume their refund, pause 0. GET /status's refunded_amount is the send's total. */
            refunded_amount: number;
            currency: string;
            dispatches_total: number;
            dispatches_done: number;
            next_dispatch_at: string | null;
            /** @description Additive (D12): present only when the body held fields this endpoint does not know; each was ignored (UNKNOWN_FIELD, at most 50 entries). */
            warnings?: components["schemas"]["UnknownFieldWarning"][];
        };
        RecipientDelivery: {
            /** @description E.164 */
            phone: string;
            /** @enum {string} */
            state: "pending" | "processing" | "sent" | "delivered" | "failed" | "cancelled";
            /** @description The dispatch moment (ISO 8601), null for an immediate send. */
            dispatch_at: string | null;
            /** @description Price per segment applied to this recipient. */
            price: number;
            segments: number;
            error_code: string | null;
            error_message: string | null;
            carrier: string | null;
            carrier_message_id: string | null;
            updated_at: string;
        };
        OptOut: {
            /**
             * @description E.164
             * @example +243812345678
             */
            phone: string;
            /**
             * @description `keyword` (the subscriber replied STOP), `api`, `dashboard` or `import`.
             * @enum {string}
             */
            source: "keyword" | "api" | "dashboard" | "import";
            reason: string | null;
            /** @description ISO 8601 */
            created_at: string;
        };
        InboundMessage: {
            /**
             * @description The MO (`in_…`).
             * @example in_3kT9xQ0mVbZ2pLr8sYw1cD
             */
            inbound_id: string;
            /**
             * @description The sender, E.164.
             * @example +243812345678
             */
            from: string;
            /**
             * @description Your number or short code it was sent to, as assigned.
             * @example 4321
             */
            to: string;
            /** @description The keyword it was routed by on a shared short code, as assigned; null for a dedicated number or a catch-all. */
            keyword: string | null;
            /** @description The whole text as received, the keyword included (hex for `binary`). */
            text: string;
            /**
             * @description `gsm7`, `latin1`, `ucs2`, or `binary` (the text is then the octets in hex).
             * @enum {string}
             */
            encoding: "gsm7" | "latin1" | "ucs2" | "binary";
            /** @description Parts received (1 for a single-part MO). */
            segments: number;
            /** @description False when parts of a long MO never arrived (it was delivered after waiting 5 minutes). */
            complete: boolean;
            /** @description ISO 8601 */
            received_at: string;
            /** @description Label of the connector it came through (`simulator` in the sandbox); informational. */
            carrier: string;
            /** @description Your latest send to `from` within the 7 days before it (a `message_id`), or null. */
            in_reply_to: string | null;
            /** @description What it changed on your opt-out list (D19): `stop`, `start`, `help`, or null. */
            opt_out: ("stop" | "start" | "help") | null;
        };
        Number: {
            /**
             * @description A dedicated number (8-15 digits, E.164 without `+`) or a short code (3-7 digits).
             * @example 4321
             */
            number: string;
            /**
             * @description The keyword on a shared short code, as assigned; null for a dedicated number or the short code's catch-all.
             * @example SHOP
             */
            keyword: string | null;
            /**
             * @description The app that receives the messages sent to this number (and keyword).
             * @example app_2x8ZqLm0Tb4Kd9Vw1Ns6Hc
             */
            app_id: string;
        };
        CreatedSenderId: {
            /** @example sid_3kTq9wZ2c8VbN1mX7pLr0a */
            id: string;
            /** @example ACME */
            sender_id: string;
            /**
             * @description pending (awaiting review), approved (live sends may use it), rejected, or revoked (approved, then withdrawn by the operator).
             * @enum {string}
             */
            state: "pending" | "approved" | "rejected" | "revoked";
            /** @description Why it was rejected or revoked; null otherwise. */
            reason: string | null;
            purpose: string;
            sample_message: string;
            /** @description When it was requested (ISO 8601). */
            created_at: string;
            /** @description When the operator last decided (ISO 8601); null while pending. */
            decided_at: string | null;
            /** @description Additive (D12): present only when the body held fields this endpoint does not know; each was ignored (UNKNOWN_FIELD, at most 50 entries). */
            warnings?: components["schemas"]["UnknownFieldWarning"][];
        };
        SenderIdsList: {
            items: components["schemas"]["SenderId"][];
        };
        SenderId: {
            /** @example sid_3kTq9wZ2c8VbN1mX7pLr0a */
            id: string;
            /** @example ACME */
            sender_id: string;
            /**
             * @description pending (awaiting review), approved (live sends may use it), rejected, or revoked (approved, then withdrawn by the operator).
             * @enum {string}
             */
            state: "pending" | "approved" | "rejected" | "revoked";
            /** @description Why it was rejected or revoked; null otherwise. */
            reason: string | null;
            purpose: string;
            sample_message: string;
            /** @description When it was requested (ISO 8601). */
            created_at: string;
            /** @description When the operator last decided (ISO 8601); null while pending. */
            decided_at: string | null;
        };
        /** @description Once per send, right after the 201. Posted to the key's `webhook_url`, or to the send's `callback_url` when it has one. */
        SmsQueuedEvent: {
            /**
             * Format: uuid
             * @description UUID, unique per event and kept across retries (also the `webhook-id` header).
             */
            event_id: string;
            /** @constant */
            event_type: "sms.queued";
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601).
             */
            timestamp: string;
            /**
             * @description The send (POST /send `message_id`).
             * @example msg_5fQe2cW3m1m9T0kq8B2xYz
             */
            message_id: string;
            data: {
                total_recipients: number;
                total_messages: number;
                total_cost: number;
                /** @example USD */
                currency: string;
                /**
                 * Format: date-time
                 * @description First dispatch moment of a scheduled or recurring send (ISO 8601), else null.
                 */
                scheduled_at: string | null;
            } & {
                [key: string]: unknown;
            };
            /**
             * @description Only on the dashboard's "Send test event" sample (no send behind it).
             * @constant
             */
            test?: true;
        } & {
            [key: string]: unknown;
        };
        /** @description Per delivery (recipient x dispatch), when a connector picks it up. Posted to the key's `webhook_url`, or to the send's `callback_url` when it has one. */
        SmsProcessingEvent: {
            /**
             * Format: uuid
             * @description UUID, unique per event and kept across retries (also the `webhook-id` header).
             */
            event_id: string;
            /** @constant */
            event_type: "sms.processing";
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601).
             */
            timestamp: string;
            /**
             * @description The send (POST /send `message_id`).
             * @example msg_5fQe2cW3m1m9T0kq8B2xYz
             */
            message_id: string;
            data: {
                /**
                 * @description The recipient, E.164.
                 * @example +243812345678
                 */
                recipient_phone: string;
                /**
                 * @description Label of the connector (`unknown` when none took it); informational, not a stable value.
                 * @example simulator
                 */
                carrier: string;
                /**
                 * Format: date-time
                 * @description Additive (D10): the dispatch moment (ISO 8601), null for an immediate send; tells apart the dispatches of one send.
                 */
                dispatch_at: string | null;
            } & {
                [key: string]: unknown;
            };
            /**
             * @description Only on the dashboard's "Send test event" sample (no send behind it).
             * @constant
             */
            test?: true;
        } & {
            [key: string]: unknown;
        };
        /** @description Per delivery, when the carrier accepts it. Posted to the key's `webhook_url`, or to the send's `callback_url` when it has one. */
        SmsSentEvent: {
            /**
             * Format: uuid
             * @description UUID, unique per event and kept across retries (also the `webhook-id` header).
             */
            event_id: string;
            /** @constant */
            event_type: "sms.sent";
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601).
             */
            timestamp: string;
            /**
             * @description The send (POST /send `message_id`).
             * @example msg_5fQe2cW3m1m9T0kq8B2xYz
             */
            message_id: string;
            data: {
                /**
                 * @description The recipient, E.164.
                 * @example +243812345678
                 */
                recipient_phone: string;
                /**
                 * @description Label of the connector (`unknown` when none took it); informational, not a stable value.
                 * @example simulator
                 */
                carrier: string;
                /**
                 * Format: date-time
                 * @description When the carrier accepted it (ISO 8601).
                 */
                sent_at: string;
                /** @description The carrier's id of the message, when sent through an SMPP carrier. */
                carrier_message_id?: string;
                /**
                 * Format: date-time
                 * @description Additive (D10): the dispatch moment (ISO 8601), null for an immediate send; tells apart the dispatches of one send.
                 */
                dispatch_at: string | null;
            } & {
                [key: string]: unknown;
            };
            /**
             * @description Only on the dashboard's "Send test event" sample (no send behind it).
             * @constant
             */
            test?: true;
        } & {
            [key: string]: unknown;
        };
        /** @description Per delivery, final: the receipt confirms delivery. Posted to the key's `webhook_url`, or to the send's `callback_url` when it has one. */
        SmsDeliveredEvent: {
            /**
             * Format: uuid
             * @description UUID, unique per event and kept across retries (also the `webhook-id` header).
             */
            event_id: string;
            /** @constant */
            event_type: "sms.delivered";
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601).
             */
            timestamp: string;
            /**
             * @description The send (POST /send `message_id`).
             * @example msg_5fQe2cW3m1m9T0kq8B2xYz
             */
            message_id: string;
            data: {
                /**
                 * @description The recipient, E.164.
                 * @example +243812345678
                 */
                recipient_phone: string;
                /**
                 * @description Label of the connector (`unknown` when none took it); informational, not a stable value.
                 * @example simulator
                 */
                carrier: string;
                /**
                 * Format: date-time
                 * @description When the receipt came (ISO 8601).
                 */
                delivered_at: string;
                segments: number;
                /**
                 * Format: date-time
                 * @description Additive (D10): the dispatch moment (ISO 8601), null for an immediate send; tells apart the dispatches of one send.
                 */
                dispatch_at: string | null;
                /**
                 * @description Only on the dashboard's sample event.
                 * @constant
                 */
                test?: true;
                /** @description Only on the dashboard's sample event. */
                note?: string;
            } & {
                [key: string]: unknown;
            };
            /**
             * @description Only on the dashboard's "Send test event" sample (no send behind it).
             * @constant
             */
            test?: true;
        } & {
            [key: string]: unknown;
        };
        /** @description Per delivery, final: any path to failure. Posted to the key's `webhook_url`, or to the send's `callback_url` when it has one. */
        SmsFailedEvent: {
            /**
             * Format: uuid
             * @description UUID, unique per event and kept across retries (also the `webhook-id` header).
             */
            event_id: string;
            /** @constant */
            event_type: "sms.failed";
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601).
             */
            timestamp: string;
            /**
             * @description The send (POST /send `message_id`).
             * @example msg_5fQe2cW3m1m9T0kq8B2xYz
             */
            message_id: string;
            data: {
                /**
                 * @description The recipient, E.164.
                 * @example +243812345678
                 */
                recipient_phone: string;
                /**
                 * @description Label of the connector (`unknown` when none took it); informational, not a stable value.
                 * @example simulator
                 */
                carrier: string;
                /**
                 * Format: date-time
                 * @description When it failed (ISO 8601).
                 */
                failed_at: string;
                /**
                 * @description OPTED_OUT, NO_ROUTE, INVALID_DESTINATION, UNKNOWN_SUBSCRIBER, ABSENT_SUBSCRIBER, EXPIRED, SUBMIT_REJECTED, SMPP_<status>, DLR_<stat>, SENDER_ID_NOT_ALLOWED (docs/api.md).
                 * @example ABSENT_SUBSCRIBER
                 */
                error_code: string;
                error_message: string;
                retryable: boolean;
                /**
                 * Format: date-time
                 * @description Additive (D10): the dispatch moment (ISO 8601), null for an immediate send; tells apart the dispatches of one send.
                 */
                dispatch_at: string | null;
            } & {
                [key: string]: unknown;
            };
            /**
             * @description Only on the dashboard's "Send test event" sample (no send behind it).
             * @constant
             */
            test?: true;
        } & {
            [key: string]: unknown;
        };
        /** @description An SMS a phone sent to one of your numbers (D18). Posted to the application's inbound URL (D18, D19). */
        SmsReceivedEvent: {
            /**
             * Format: uuid
             * @description UUID, unique per event and kept across retries (also the `webhook-id` header).
             */
            event_id: string;
            /** @constant */
            event_type: "sms.received";
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601).
             */
            timestamp: string;
            /**
             * @description The inbound message (`in_…`), as GET /inbound lists it.
             * @example in_3kT9xQ0mVbZ2pLr8sYw1cD
             */
            inbound_id: string;
            data: {
                /**
                 * @description The sender, E.164.
                 * @example +243812345678
                 */
                from: string;
                /**
                 * @description Your number or short code it was sent to, as assigned.
                 * @example 4321
                 */
                to: string;
                /** @description The keyword it was routed by on a shared short code, as assigned; null for a dedicated number or a catch-all. */
                keyword: string | null;
                /** @description The whole text as received, the keyword included (hex for `binary`). */
                text: string;
                /**
                 * @description `gsm7`, `latin1`, `ucs2`, or `binary` (the text is then the octets in hex).
                 * @enum {string}
                 */
                encoding: "gsm7" | "latin1" | "ucs2" | "binary";
                /** @description Parts received (1 for a single-part MO). */
                segments: number;
                /** @description False when parts of a long MO never arrived (it was delivered after waiting 5 minutes). */
                complete: boolean;
                /** @description ISO 8601 */
                received_at: string;
                /** @description Label of the connector it came through (`simulator` in the sandbox); informational. */
                carrier: string;
                /** @description Your latest send to `from` within the 7 days before it (a `message_id`), or null. */
                in_reply_to: string | null;
                /** @description What it changed on your opt-out list (D19): `stop`, `start`, `help`, or null. */
                opt_out: ("stop" | "start" | "help") | null;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        /** @description A phone was put on your opt-out list (D19). Posted to the application's inbound URL (D18, D19). */
        ContactOptedOutEvent: {
            /**
             * Format: uuid
             * @description UUID, unique per event and kept across retries (also the `webhook-id` header).
             */
            event_id: string;
            /** @constant */
            event_type: "contact.opted_out";
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601).
             */
            timestamp: string;
            data: {
                /**
                 * @description The phone, E.164.
                 * @example +243812345678
                 */
                phone: string;
                /** @enum {string} */
                source: "keyword" | "api" | "dashboard" | "import";
                /** @description The number or short code a keyword came to; null for every other change. */
                number: string | null;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        /** @description A phone was taken off your opt-out list (D19). Posted to the application's inbound URL (D18, D19). */
        ContactOptedInEvent: {
            /**
             * Format: uuid
             * @description UUID, unique per event and kept across retries (also the `webhook-id` header).
             */
            event_id: string;
            /** @constant */
            event_type: "contact.opted_in";
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601).
             */
            timestamp: string;
            data: {
                /**
                 * @description The phone, E.164.
                 * @example +243812345678
                 */
                phone: string;
                /** @enum {string} */
                source: "keyword" | "api" | "dashboard" | "import";
                /** @description The number or short code a keyword came to; null for every other change. */
                number: string | null;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        /** @description An operator approved one of your sender IDs (D22). Posted to the `webhook_url` of each of the organization's applications. */
        SenderIdApprovedEvent: {
            /**
             * Format: uuid
             * @description UUID, unique per event and kept across retries (also the `webhook-id` header).
             */
            event_id: string;
            /** @constant */
            event_type: "sender_id.approved";
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601).
             */
            timestamp: string;
            data: {
                /** @example sid_3kTq9wZ2c8VbN1mX7pLr0a */
                id: string;
                /** @example ACME */
                sender_id: string;
                /** @enum {string} */
                state: "pending" | "approved" | "rejected" | "revoked";
                /** @description The operator's reason (rejected, revoked); null when approved. */
                reason: string | null;
                /** Format: date-time */
                decided_at: string | null;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        /** @description An operator rejected one of your sender IDs (D22), with `reason`. Posted to the `webhook_url` of each of the organization's applications. */
        SenderIdRejectedEvent: {
            /**
             * Format: uuid
             * @description UUID, unique per event and kept across retries (also the `webhook-id` header).
             */
            event_id: string;
            /** @constant */
            event_type: "sender_id.rejected";
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601).
             */
            timestamp: string;
            data: {
                /** @example sid_3kTq9wZ2c8VbN1mX7pLr0a */
                id: string;
                /** @example ACME */
                sender_id: string;
                /** @enum {string} */
                state: "pending" | "approved" | "rejected" | "revoked";
                /** @description The operator's reason (rejected, revoked); null when approved. */
                reason: string | null;
                /** Format: date-time */
                decided_at: string | null;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        /** @description An operator revoked one of your sender IDs (D22), with `reason`. Posted to the `webhook_url` of each of the organization's applications. */
        SenderIdRevokedEvent: {
            /**
             * Format: uuid
             * @description UUID, unique per event and kept across retries (also the `webhook-id` header).
             */
            event_id: string;
            /** @constant */
            event_type: "sender_id.revoked";
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601).
             */
            timestamp: string;
            data: {
                /** @example sid_3kTq9wZ2c8VbN1mX7pLr0a */
                id: string;
                /** @example ACME */
                sender_id: string;
                /** @enum {string} */
                state: "pending" | "approved" | "rejected" | "revoked";
                /** @description The operator's reason (rejected, revoked); null when approved. */
                reason: string | null;
                /** Format: date-time */
                decided_at: string | null;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        /** @description A charge took your balance below your alert threshold (Settings; issue 44). Once per crossing: again only after a top-up or refund lifts it back to the threshold or above. Posted to the `webhook_url` of each of the organization's applications. */
        WalletLowBalanceEvent: {
            /**
             * Format: uuid
             * @description UUID, unique per event and kept across retries (also the `webhook-id` header).
             */
            event_id: string;
            /** @constant */
            event_type: "wallet.low_balance";
            /**
             * Format: date-time
             * @description When the event happened (ISO 8601).
             */
            timestamp: string;
            data: {
                /**
                 * @description What the organization can spend after the charge that crossed the threshold (prepaid + postpaid, as GET /balance `balance`).
                 * @example 4.5
                 */
                balance: number;
                /**
                 * @description The organization's alert threshold (Settings).
                 * @example 5
                 */
                threshold: number;
                /** @example USD */
                currency: string;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        /** @description Authentication, lookup (404), GET /balance 400 and POST /calculate 400 errors. */
        ErrorDetail: {
            detail: string;
        };
        ErrorEnvelope: {
            /** @constant */
            success: false;
            status_code: number;
            /** @description Catalogue code, 1001-1599; never changes meaning. */
            error_code: string;
            message: string;
            /** @description Same as message. */
            detail: string;
            errors?: {
                /** @example to[3] */
                field: string;
                message: string;
            }[];
        };
        RateLimitError: components["schemas"]["ErrorEnvelope"] & {
            retry_after: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "health-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description 1500 INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description The database does not answer: status "degraded". */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    "wallets-getBalance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status_code: 200;
                        data: components["schemas"]["Balance"];
                    };
                };
            };
            /** @description `No wallet found for this organization. Please contact support to open one.` */
            400: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Missing app-key header. Please provide a valid app-key.`; `Empty app-key header. Please provide a valid app-key.`; `Invalid app-key. Please provide a valid app-key.` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Gateway app is pending validation. Please contact support.`; `Gateway app is suspended. Please contact support.`; `Gateway app has been revoked. Please contact support.`; `Gateway app is locked. Please contact support.`; `Gateway app has expired. Please contact support.`; `Gateway app has been rejected. Please contact support.` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description 1301 RATE_LIMIT_EXCEEDED; 1302 SUSPICIOUS_ACTIVITY */
            429: {
                headers: {
                    /** @description Same value as retry_after. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `Authentication service temporarily unavailable. Please try again.`; 1500 INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1503 SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "pricing-calculate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON, at most 256 KB. Parsed as JSON whatever the Content-Type says (`curl -d` sends form encoding by default); the key and the rate-limit slot are checked before the body is read. */
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    mode: "amount_to_sms" | "sms_to_amount";
                    /**
                     * @description Wallet amount, required for amount_to_sms.
                     * @example 100
                     */
                    amount?: number | null;
                    /**
                     * @description Number of SMS, required for sms_to_amount.
                     * @example 5000
                     */
                    sms_count?: number | null;
                } & ({
                    /** @constant */
                    mode: "amount_to_sms";
                    amount: number;
                } | {
                    /** @constant */
                    mode: "sms_to_amount";
                    sms_count: number;
                });
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status_code: 200;
                        data: components["schemas"]["CalculateResult"];
                    };
                };
            };
            /** @description `The request body must be a JSON object.`; `No pricing configured for this merchant. Please contact support.` */
            400: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Missing app-key header. Please provide a valid app-key.`; `Empty app-key header. Please provide a valid app-key.`; `Invalid app-key. Please provide a valid app-key.` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Gateway app is pending validation. Please contact support.`; `Gateway app is suspended. Please contact support.`; `Gateway app has been revoked. Please contact support.`; `Gateway app is locked. Please contact support.`; `Gateway app has expired. Please contact support.`; `Gateway app has been rejected. Please contact support.` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description 1103 PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1301 RATE_LIMIT_EXCEEDED; 1302 SUSPICIOUS_ACTIVITY */
            429: {
                headers: {
                    /** @description Same value as retry_after. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `Authentication service temporarily unavailable. Please try again.`; 1500 INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1503 SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "messages-send": {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The same key and body within 24 h returns the first answer and charges nothing more; another body under the same key: 409 (1409).
                 * @example order-1042
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description JSON, at most 256 KB. Parsed as JSON whatever the Content-Type says (`curl -d` sends form encoding by default); the key and the rate-limit slot are checked before the body is read. */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Up to 1000 numbers; national numbers use the merchant default country.
                     * @example [
                     *       "+243812345678",
                     *       "0991234567"
                     *     ]
                     */
                    to: string[];
                    /**
                     * @description 1 to 1600 characters (code points). Billed per segment (GSM-7 160/153, UCS-2 70/67).
                     * @example Your code is 123456
                     */
                    message: string;
                    /**
                     * @description 1 to 11 characters; or one of the sending app's numbers (D18), whatever its length. D22: a sender_id without a letter must be one of your organization's numbers or short codes (else 400, 1140); in live, one with a letter must be one of your approved sender IDs (else 1140; the sandbox sends it with the warning SENDER_ID_NOT_APPROVED). Absent: the platform default sender ID (live).
                     * @example ACME
                     */
                    sender_id?: string;
                    /**
                     * @description Default immediate.
                     * @enum {string}
                     */
                    sending_type?: "immediate" | "scheduled" | "recurring";
                    /** @description Required (non-empty) for scheduled; each pair is a separate dispatch. */
                    scheduled_dates?: {
                        /**
                         * @description YYYY-MM-DD in the merchant timezone.
                         * @example 2026-12-24
                         */
                        date: string;
                        /**
                         * @description 24-hour HH:mm in the merchant timezone.
                         * @example 09:30
                         */
                        time: string;
                    }[];
                    /** @description Required for recurring. */
                    recurring_schedule?: {
                        /**
                         * @description YYYY-MM-DD, first eligible day.
                         * @example 2026-12-01
                         */
                        start_date: string;
                        /**
                         * @description YYYY-MM-DD, inclusive; absent or null: 365 days from start_date.
                         * @example 2026-12-31
                         */
                        end_date?: string | null;
                        /** @enum {string} */
                        frequency: "daily" | "weekly" | "monthly" | "yearly";
                        /** @example 1 */
                        interval: number;
                        /**
                         * @example [
                         *       "09:00",
                         *       "18:00"
                         *     ]
                         */
                        times: string[];
                    };
                    /**
                     * @description Additive (D21). `lookalikes` replaces typographic quotes, dashes, the ellipsis, Unicode spaces and the bullet by their GSM-7 equivalents; `transliterate` also replaces each letter GSM-7 lacks by its letter without accent (ê -> e, œ -> oe). Used only when the whole result is GSM-7, else the text goes unchanged as UCS-2. The text as sent is what phones get and what segments and cost count. Absent: the organization's setting (`off` unless an owner changed it); `off` is v1's behaviour.
                     * @enum {string}
                     */
                    smart_encoding?: "off" | "lookalikes" | "transliterate";
                    /**
                     * Format: uri
                     * @description Absolute https URL that receives this send's events instead of the key's webhook_url.
                     * @example https://example.com/sms-events
                     */
                    callback_url?: string;
                } & ({
                    /** @constant */
                    sending_type?: "immediate";
                } | {
                    /** @constant */
                    sending_type: "scheduled";
                    scheduled_dates: unknown[];
                } | {
                    /** @constant */
                    sending_type: "recurring";
                });
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status_code: 201;
                        data: components["schemas"]["SendResult"];
                    };
                };
            };
            /** @description 1100 INVALID_REQUEST; 1101 MISSING_FIELD; 1110 INVALID_FIELD_FORMAT; 1120 SCHEDULE_IN_PAST; 1121 LIMIT_EXCEEDED; 1130 ALL_RECIPIENTS_OPTED_OUT; 1132 NO_ROUTE; 1140 SENDER_ID_NOT_ALLOWED */
            400: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Missing app-key header. Please provide a valid app-key.`; `Empty app-key header. Please provide a valid app-key.`; `Invalid app-key. Please provide a valid app-key.` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description 1202 INSUFFICIENT_BALANCE */
            402: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Gateway app is pending validation. Please contact support.`; `Gateway app is suspended. Please contact support.`; `Gateway app has been revoked. Please contact support.`; `Gateway app is locked. Please contact support.`; `Gateway app has expired. Please contact support.`; `Gateway app has been rejected. Please contact support.` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description 1409 IDEMPOTENCY_CONFLICT */
            409: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1103 PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1301 RATE_LIMIT_EXCEEDED; 1302 SUSPICIOUS_ACTIVITY */
            429: {
                headers: {
                    /** @description Same value as retry_after. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `Authentication service temporarily unavailable. Please try again.`; 1500 INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1503 SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "messages-getStatus": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                message_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status_code: 200;
                        data: components["schemas"]["MessageStatus"];
                    };
                };
            };
            /** @description `Missing app-key header. Please provide a valid app-key.`; `Empty app-key header. Please provide a valid app-key.`; `Invalid app-key. Please provide a valid app-key.` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Gateway app is pending validation. Please contact support.`; `Gateway app is suspended. Please contact support.`; `Gateway app has been revoked. Please contact support.`; `Gateway app is locked. Please contact support.`; `Gateway app has expired. Please contact support.`; `Gateway app has been rejected. Please contact support.` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Message not found`; `Message expired` */
            404: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description 1301 RATE_LIMIT_EXCEEDED; 1302 SUSPICIOUS_ACTIVITY */
            429: {
                headers: {
                    /** @description Same value as retry_after. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `Authentication service temporarily unavailable. Please try again.`; 1500 INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1503 SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "messages-cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `message_id` POST /send answered. */
                message_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status_code: 200;
                        data: components["schemas"]["ControlResult"];
                    };
                };
            };
            /** @description `Missing app-key header. Please provide a valid app-key.`; `Empty app-key header. Please provide a valid app-key.`; `Invalid app-key. Please provide a valid app-key.` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Gateway app is pending validation. Please contact support.`; `Gateway app is suspended. Please contact support.`; `Gateway app has been revoked. Please contact support.`; `Gateway app is locked. Please contact support.`; `Gateway app has expired. Please contact support.`; `Gateway app has been rejected. Please contact support.` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Message not found` */
            404: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description 1402 INVALID_STATE */
            409: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1301 RATE_LIMIT_EXCEEDED; 1302 SUSPICIOUS_ACTIVITY */
            429: {
                headers: {
                    /** @description Same value as retry_after. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `Authentication service temporarily unavailable. Please try again.`; 1500 INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1503 SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "messages-pause": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `message_id` POST /send answered. */
                message_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status_code: 200;
                        data: components["schemas"]["ControlResult"];
                    };
                };
            };
            /** @description 1100 INVALID_REQUEST */
            400: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Missing app-key header. Please provide a valid app-key.`; `Empty app-key header. Please provide a valid app-key.`; `Invalid app-key. Please provide a valid app-key.` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Gateway app is pending validation. Please contact support.`; `Gateway app is suspended. Please contact support.`; `Gateway app has been revoked. Please contact support.`; `Gateway app is locked. Please contact support.`; `Gateway app has expired. Please contact support.`; `Gateway app has been rejected. Please contact support.` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Message not found` */
            404: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description 1402 INVALID_STATE */
            409: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1103 PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1301 RATE_LIMIT_EXCEEDED; 1302 SUSPICIOUS_ACTIVITY */
            429: {
                headers: {
                    /** @description Same value as retry_after. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `Authentication service temporarily unavailable. Please try again.`; 1500 INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1503 SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "messages-resume": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `message_id` POST /send answered. */
                message_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status_code: 200;
                        data: components["schemas"]["ControlResult"];
                    };
                };
            };
            /** @description 1100 INVALID_REQUEST */
            400: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Missing app-key header. Please provide a valid app-key.`; `Empty app-key header. Please provide a valid app-key.`; `Invalid app-key. Please provide a valid app-key.` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Gateway app is pending validation. Please contact support.`; `Gateway app is suspended. Please contact support.`; `Gateway app has been revoked. Please contact support.`; `Gateway app is locked. Please contact support.`; `Gateway app has expired. Please contact support.`; `Gateway app has been rejected. Please contact support.` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Message not found` */
            404: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description 1402 INVALID_STATE */
            409: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1103 PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1301 RATE_LIMIT_EXCEEDED; 1302 SUSPICIOUS_ACTIVITY */
            429: {
                headers: {
                    /** @description Same value as retry_after. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `Authentication service temporarily unavailable. Please try again.`; 1500 INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1503 SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "messages-listApi": {
        parameters: {
            query?: {
                status?: "pending" | "processing" | "delivered" | "failed" | "partially_delivered" | "paused" | "cancelled";
                sending_type?: "immediate" | "scheduled" | "recurring";
                created_from?: string;
                created_to?: string;
                updated_since?: string;
                limit?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status_code: 200;
                        data: {
                            items: components["schemas"]["MessageStatus"][];
                            next_cursor: string | null;
                        };
                    };
                };
            };
            /** @description 1110 INVALID_FIELD_FORMAT */
            400: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Missing app-key header. Please provide a valid app-key.`; `Empty app-key header. Please provide a valid app-key.`; `Invalid app-key. Please provide a valid app-key.` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Gateway app is pending validation. Please contact support.`; `Gateway app is suspended. Please contact support.`; `Gateway app has been revoked. Please contact support.`; `Gateway app is locked. Please contact support.`; `Gateway app has expired. Please contact support.`; `Gateway app has been rejected. Please contact support.` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description 1301 RATE_LIMIT_EXCEEDED; 1302 SUSPICIOUS_ACTIVITY */
            429: {
                headers: {
                    /** @description Same value as retry_after. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `Authentication service temporarily unavailable. Please try again.`; 1500 INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1503 SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "messages-listApiRecipients": {
        parameters: {
            query?: {
                state?: "pending" | "processing" | "sent" | "delivered" | "failed" | "cancelled";
                limit?: string;
                cursor?: string;
            };
            header?: never;
            path: {
                message_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status_code: 200;
                        data: {
                            items: components["schemas"]["RecipientDelivery"][];
                            next_cursor: string | null;
                        };
                    };
                };
            };
            /** @description 1110 INVALID_FIELD_FORMAT */
            400: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Missing app-key header. Please provide a valid app-key.`; `Empty app-key header. Please provide a valid app-key.`; `Invalid app-key. Please provide a valid app-key.` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Gateway app is pending validation. Please contact support.`; `Gateway app is suspended. Please contact support.`; `Gateway app has been revoked. Please contact support.`; `Gateway app is locked. Please contact support.`; `Gateway app has expired. Please contact support.`; `Gateway app has been rejected. Please contact support.` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Message not found`; `Message expired` */
            404: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description 1301 RATE_LIMIT_EXCEEDED; 1302 SUSPICIOUS_ACTIVITY */
            429: {
                headers: {
                    /** @description Same value as retry_after. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `Authentication service temporarily unavailable. Please try again.`; 1500 INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1503 SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "optOuts-listApi": {
        parameters: {
            query?: {
                phone?: string;
                limit?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status_code: 200;
                        data: {
                            items: components["schemas"]["OptOut"][];
                            next_cursor: string | null;
                        };
                    };
                };
            };
            /** @description 1110 INVALID_FIELD_FORMAT */
            400: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Missing app-key header. Please provide a valid app-key.`; `Empty app-key header. Please provide a valid app-key.`; `Invalid app-key. Please provide a valid app-key.` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Gateway app is pending validation. Please contact support.`; `Gateway app is suspended. Please contact support.`; `Gateway app has been revoked. Please contact support.`; `Gateway app is locked. Please contact support.`; `Gateway app has expired. Please contact support.`; `Gateway app has been rejected. Please contact support.` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description 1301 RATE_LIMIT_EXCEEDED; 1302 SUSPICIOUS_ACTIVITY */
            429: {
                headers: {
                    /** @description Same value as retry_after. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `Authentication service temporarily unavailable. Please try again.`; 1500 INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1503 SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "optOuts-addApi": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON, at most 256 KB. Parsed as JSON whatever the Content-Type says (`curl -d` sends form encoding by default); the key and the rate-limit slot are checked before the body is read. */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description 1 to 1000 numbers; national numbers use the merchant default country.
                     * @example [
                     *       "+243812345678",
                     *       "0991234567"
                     *     ]
                     */
                    phones: string[];
                    /**
                     * @description Why the phone is on the list, at most 200 characters; empty means none.
                     * @example Asked by phone
                     */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status_code: 200;
                        data: {
                            /** @description Phones put on the list by this request (a phone given twice counts once). */
                            added: number;
                            /** @description Phones that were on the list already (their entry is unchanged). */
                            already: number;
                            /** @description Additive (D12): present only when the body held fields this endpoint does not know; each was ignored (UNKNOWN_FIELD, at most 50 entries). */
                            warnings?: components["schemas"]["UnknownFieldWarning"][];
                        };
                    };
                };
            };
            /** @description 1100 INVALID_REQUEST; 1101 MISSING_FIELD; 1110 INVALID_FIELD_FORMAT; 1121 LIMIT_EXCEEDED */
            400: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Missing app-key header. Please provide a valid app-key.`; `Empty app-key header. Please provide a valid app-key.`; `Invalid app-key. Please provide a valid app-key.` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Gateway app is pending validation. Please contact support.`; `Gateway app is suspended. Please contact support.`; `Gateway app has been revoked. Please contact support.`; `Gateway app is locked. Please contact support.`; `Gateway app has expired. Please contact support.`; `Gateway app has been rejected. Please contact support.` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description 1103 PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1301 RATE_LIMIT_EXCEEDED; 1302 SUSPICIOUS_ACTIVITY */
            429: {
                headers: {
                    /** @description Same value as retry_after. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `Authentication service temporarily unavailable. Please try again.`; 1500 INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1503 SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "optOuts-deleteApi": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The phone, URL-encoded (`%2B243812345678`); normalized like POST /send recipients. */
                phone: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status_code: 200;
                        data: components["schemas"]["OptOut"];
                    };
                };
            };
            /** @description `Missing app-key header. Please provide a valid app-key.`; `Empty app-key header. Please provide a valid app-key.`; `Invalid app-key. Please provide a valid app-key.` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Gateway app is pending validation. Please contact support.`; `Gateway app is suspended. Please contact support.`; `Gateway app has been revoked. Please contact support.`; `Gateway app is locked. Please contact support.`; `Gateway app has expired. Please contact support.`; `Gateway app has been rejected. Please contact support.` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Not found` */
            404: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description 1131 OPT_OUT_BY_SUBSCRIBER */
            409: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1301 RATE_LIMIT_EXCEEDED; 1302 SUSPICIOUS_ACTIVITY */
            429: {
                headers: {
                    /** @description Same value as retry_after. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `Authentication service temporarily unavailable. Please try again.`; 1500 INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1503 SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "inbound-listApi": {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                received_since?: string;
                limit?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status_code: 200;
                        data: {
                            items: components["schemas"]["InboundMessage"][];
                            next_cursor: string | null;
                        };
                    };
                };
            };
            /** @description 1110 INVALID_FIELD_FORMAT */
            400: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Missing app-key header. Please provide a valid app-key.`; `Empty app-key header. Please provide a valid app-key.`; `Invalid app-key. Please provide a valid app-key.` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Gateway app is pending validation. Please contact support.`; `Gateway app is suspended. Please contact support.`; `Gateway app has been revoked. Please contact support.`; `Gateway app is locked. Please contact support.`; `Gateway app has expired. Please contact support.`; `Gateway app has been rejected. Please contact support.` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description 1301 RATE_LIMIT_EXCEEDED; 1302 SUSPICIOUS_ACTIVITY */
            429: {
                headers: {
                    /** @description Same value as retry_after. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `Authentication service temporarily unavailable. Please try again.`; 1500 INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1503 SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "inbound-simulateApi": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON, at most 256 KB. Parsed as JSON whatever the Content-Type says (`curl -d` sends form encoding by default); the key and the rate-limit slot are checked before the body is read. */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The sender (national numbers use your default country).
                     * @example +243812345678
                     */
                    from: string;
                    /**
                     * @description One of your numbers or short codes.
                     * @example 4321
                     */
                    to: string;
                    /**
                     * @description The text, 0 to 1600 characters; on a shared short code its first word picks the keyword.
                     * @example Hello
                     */
                    text: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            202: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status_code: 202;
                        data: {
                            /** @example in_3kT9xQ0mVbZ2pLr8sYw1cD */
                            inbound_id: string;
                            /** @description Additive (D12): present only when the body held fields this endpoint does not know; each was ignored (UNKNOWN_FIELD, at most 50 entries). */
                            warnings?: components["schemas"]["UnknownFieldWarning"][];
                        };
                    };
                };
            };
            /** @description 1100 INVALID_REQUEST; 1101 MISSING_FIELD; 1110 INVALID_FIELD_FORMAT */
            400: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Missing app-key header. Please provide a valid app-key.`; `Empty app-key header. Please provide a valid app-key.`; `Invalid app-key. Please provide a valid app-key.` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Gateway app is pending validation. Please contact support.`; `Gateway app is suspended. Please contact support.`; `Gateway app has been revoked. Please contact support.`; `Gateway app is locked. Please contact support.`; `Gateway app has expired. Please contact support.`; `Gateway app has been rejected. Please contact support.` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description 1404 ROUTE_NOT_FOUND */
            404: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1103 PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1301 RATE_LIMIT_EXCEEDED; 1302 SUSPICIOUS_ACTIVITY */
            429: {
                headers: {
                    /** @description Same value as retry_after. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `Authentication service temporarily unavailable. Please try again.`; 1500 INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1503 SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "numbers-listApi": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status_code: 200;
                        data: {
                            items: components["schemas"]["Number"][];
                        };
                    };
                };
            };
            /** @description `Missing app-key header. Please provide a valid app-key.`; `Empty app-key header. Please provide a valid app-key.`; `Invalid app-key. Please provide a valid app-key.` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Gateway app is pending validation. Please contact support.`; `Gateway app is suspended. Please contact support.`; `Gateway app has been revoked. Please contact support.`; `Gateway app is locked. Please contact support.`; `Gateway app has expired. Please contact support.`; `Gateway app has been rejected. Please contact support.` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description 1301 RATE_LIMIT_EXCEEDED; 1302 SUSPICIOUS_ACTIVITY */
            429: {
                headers: {
                    /** @description Same value as retry_after. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `Authentication service temporarily unavailable. Please try again.`; 1500 INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1503 SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "senderIds-listApi": {
        parameters: {
            query?: {
                state?: "pending" | "approved" | "rejected" | "revoked";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status_code: 200;
                        data: components["schemas"]["SenderIdsList"];
                    };
                };
            };
            /** @description 1110 INVALID_FIELD_FORMAT */
            400: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Missing app-key header. Please provide a valid app-key.`; `Empty app-key header. Please provide a valid app-key.`; `Invalid app-key. Please provide a valid app-key.` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Gateway app is pending validation. Please contact support.`; `Gateway app is suspended. Please contact support.`; `Gateway app has been revoked. Please contact support.`; `Gateway app is locked. Please contact support.`; `Gateway app has expired. Please contact support.`; `Gateway app has been rejected. Please contact support.` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description 1301 RATE_LIMIT_EXCEEDED; 1302 SUSPICIOUS_ACTIVITY */
            429: {
                headers: {
                    /** @description Same value as retry_after. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `Authentication service temporarily unavailable. Please try again.`; 1500 INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1503 SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "senderIds-createApi": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON, at most 256 KB. Parsed as JSON whatever the Content-Type says (`curl -d` sends form encoding by default); the key and the rate-limit slot are checked before the body is read. */
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The alphanumeric sender ID as phones will show it.
                     * @example ACME
                     */
                    sender_id: string;
                    /** @description What the messages from this sender ID are for (the operator reads it). */
                    purpose: string;
                    /** @description A message you will send from it, as recipients will read it. */
                    sample_message: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status_code: 201;
                        data: components["schemas"]["CreatedSenderId"];
                    };
                };
            };
            /** @description 1100 INVALID_REQUEST; 1101 MISSING_FIELD; 1110 INVALID_FIELD_FORMAT */
            400: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `Missing app-key header. Please provide a valid app-key.`; `Empty app-key header. Please provide a valid app-key.`; `Invalid app-key. Please provide a valid app-key.` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description `Gateway app is pending validation. Please contact support.`; `Gateway app is suspended. Please contact support.`; `Gateway app has been revoked. Please contact support.`; `Gateway app is locked. Please contact support.`; `Gateway app has expired. Please contact support.`; `Gateway app has been rejected. Please contact support.` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description 1141 SENDER_ID_EXISTS */
            409: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1103 PAYLOAD_TOO_LARGE */
            413: {
                headers: {
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1301 RATE_LIMIT_EXCEEDED; 1302 SUSPICIOUS_ACTIVITY */
            429: {
                headers: {
                    /** @description Same value as retry_after. */
                    "Retry-After"?: number;
                    /** @description Requests allowed per 60 s window for this bucket and key. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until a slot frees. */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitError"];
                };
            };
            /** @description `Authentication service temporarily unavailable. Please try again.`; 1500 INTERNAL_ERROR */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description 1503 SERVICE_UNAVAILABLE */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    "webhook-sms-queued": {
        parameters: {
            query?: never;
            header: {
                /** @description The `event_id`. */
                "webhook-id": string;
                /** @description Unix time of the attempt, in seconds. */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` under the signing secret (Standard Webhooks, D16); for 24 h after a rotation, two such values separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SmsQueuedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event (answer within 5 s); the body is ignored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 3xx or 4xx: given up at once, not retried (D10). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 5xx, a connection failure or no answer within 5 s: retried after 30 s, 2 min, 10 min and 1 h (D10). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-sms-processing": {
        parameters: {
            query?: never;
            header: {
                /** @description The `event_id`. */
                "webhook-id": string;
                /** @description Unix time of the attempt, in seconds. */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` under the signing secret (Standard Webhooks, D16); for 24 h after a rotation, two such values separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SmsProcessingEvent"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event (answer within 5 s); the body is ignored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 3xx or 4xx: given up at once, not retried (D10). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 5xx, a connection failure or no answer within 5 s: retried after 30 s, 2 min, 10 min and 1 h (D10). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-sms-sent": {
        parameters: {
            query?: never;
            header: {
                /** @description The `event_id`. */
                "webhook-id": string;
                /** @description Unix time of the attempt, in seconds. */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` under the signing secret (Standard Webhooks, D16); for 24 h after a rotation, two such values separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SmsSentEvent"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event (answer within 5 s); the body is ignored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 3xx or 4xx: given up at once, not retried (D10). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 5xx, a connection failure or no answer within 5 s: retried after 30 s, 2 min, 10 min and 1 h (D10). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-sms-delivered": {
        parameters: {
            query?: never;
            header: {
                /** @description The `event_id`. */
                "webhook-id": string;
                /** @description Unix time of the attempt, in seconds. */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` under the signing secret (Standard Webhooks, D16); for 24 h after a rotation, two such values separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SmsDeliveredEvent"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event (answer within 5 s); the body is ignored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 3xx or 4xx: given up at once, not retried (D10). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 5xx, a connection failure or no answer within 5 s: retried after 30 s, 2 min, 10 min and 1 h (D10). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-sms-failed": {
        parameters: {
            query?: never;
            header: {
                /** @description The `event_id`. */
                "webhook-id": string;
                /** @description Unix time of the attempt, in seconds. */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` under the signing secret (Standard Webhooks, D16); for 24 h after a rotation, two such values separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SmsFailedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event (answer within 5 s); the body is ignored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 3xx or 4xx: given up at once, not retried (D10). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 5xx, a connection failure or no answer within 5 s: retried after 30 s, 2 min, 10 min and 1 h (D10). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-sms-received": {
        parameters: {
            query?: never;
            header: {
                /** @description The `event_id`. */
                "webhook-id": string;
                /** @description Unix time of the attempt, in seconds. */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` under the signing secret (Standard Webhooks, D16); for 24 h after a rotation, two such values separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SmsReceivedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event (answer within 5 s); the body is ignored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 3xx or 4xx: given up at once, not retried (D10). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 5xx, a connection failure or no answer within 5 s: retried after 30 s, 2 min, 10 min and 1 h (D10). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-contact-opted-out": {
        parameters: {
            query?: never;
            header: {
                /** @description The `event_id`. */
                "webhook-id": string;
                /** @description Unix time of the attempt, in seconds. */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` under the signing secret (Standard Webhooks, D16); for 24 h after a rotation, two such values separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactOptedOutEvent"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event (answer within 5 s); the body is ignored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 3xx or 4xx: given up at once, not retried (D10). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 5xx, a connection failure or no answer within 5 s: retried after 30 s, 2 min, 10 min and 1 h (D10). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-contact-opted-in": {
        parameters: {
            query?: never;
            header: {
                /** @description The `event_id`. */
                "webhook-id": string;
                /** @description Unix time of the attempt, in seconds. */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` under the signing secret (Standard Webhooks, D16); for 24 h after a rotation, two such values separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactOptedInEvent"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event (answer within 5 s); the body is ignored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 3xx or 4xx: given up at once, not retried (D10). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 5xx, a connection failure or no answer within 5 s: retried after 30 s, 2 min, 10 min and 1 h (D10). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-sender-id-approved": {
        parameters: {
            query?: never;
            header: {
                /** @description The `event_id`. */
                "webhook-id": string;
                /** @description Unix time of the attempt, in seconds. */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` under the signing secret (Standard Webhooks, D16); for 24 h after a rotation, two such values separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SenderIdApprovedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event (answer within 5 s); the body is ignored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 3xx or 4xx: given up at once, not retried (D10). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 5xx, a connection failure or no answer within 5 s: retried after 30 s, 2 min, 10 min and 1 h (D10). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-sender-id-rejected": {
        parameters: {
            query?: never;
            header: {
                /** @description The `event_id`. */
                "webhook-id": string;
                /** @description Unix time of the attempt, in seconds. */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` under the signing secret (Standard Webhooks, D16); for 24 h after a rotation, two such values separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SenderIdRejectedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event (answer within 5 s); the body is ignored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 3xx or 4xx: given up at once, not retried (D10). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 5xx, a connection failure or no answer within 5 s: retried after 30 s, 2 min, 10 min and 1 h (D10). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-sender-id-revoked": {
        parameters: {
            query?: never;
            header: {
                /** @description The `event_id`. */
                "webhook-id": string;
                /** @description Unix time of the attempt, in seconds. */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` under the signing secret (Standard Webhooks, D16); for 24 h after a rotation, two such values separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SenderIdRevokedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event (answer within 5 s); the body is ignored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 3xx or 4xx: given up at once, not retried (D10). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 5xx, a connection failure or no answer within 5 s: retried after 30 s, 2 min, 10 min and 1 h (D10). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-wallet-low-balance": {
        parameters: {
            query?: never;
            header: {
                /** @description The `event_id`. */
                "webhook-id": string;
                /** @description Unix time of the attempt, in seconds. */
                "webhook-timestamp": string;
                /** @description `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}` under the signing secret (Standard Webhooks, D16); for 24 h after a rotation, two such values separated by a space. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WalletLowBalanceEvent"];
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the event (answer within 5 s); the body is ignored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 3xx or 4xx: given up at once, not retried (D10). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any 5xx, a connection failure or no answer within 5 s: retried after 30 s, 2 min, 10 min and 1 h (D10). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
