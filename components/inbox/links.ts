/** A conversation's page: the phone as the Inbox lists it (a query parameter: it starts with `+`). */
export function conversationHref(phone: string, cursor?: string | null): string {
  const q = new URLSearchParams({ phone });
  if (cursor) q.set('cursor', cursor);
  return `/dashboard/inbox/conversation?${q}`;
}
