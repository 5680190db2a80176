-- The live definition of inbox_conversation_page(), as the latest migration that defines it (0051_inbox_page_plan.sql) creates it.
-- Change it here and in a new migration together: db/functions/functions.test.ts holds the two equal.
-- D18 Inbox: one page of an organization's conversations, newest activity first: the first page (p_before_at NULL),
-- or the conversations past the keyset (p_before_at, p_before_phone). Read backwards on
-- inbox_conversations_activity_idx, stopping after p_limit rows.
-- Planned with its values at every call (plan_cache_mode): a cached generic plan knows only the average organization's
-- number of conversations. Where that average is under a page, the generic plan reads the whole organization's
-- conversations and sorts them, and a merchant with thousands of conversations pays for every one of them on every
-- page (measured in the growth bench: 3-4 ms a page against 0.3, once autovacuum had analysed the table). Planning
-- this one-table statement with its values costs a few hundredths of a millisecond.
CREATE OR REPLACE FUNCTION inbox_conversation_page(p_org text, p_before_at timestamptz, p_before_phone text, p_limit integer)
RETURNS TABLE (phone text, last_activity_at timestamptz, last_inbound_at timestamptz, unread_count integer)
LANGUAGE plpgsql STABLE ROWS 100 SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  IF p_before_at IS NULL THEN
    RETURN QUERY
      SELECT c.phone, c.last_activity_at, c.last_inbound_at, c.unread_count FROM inbox_conversations c
       WHERE c.organization_id = p_org
       ORDER BY c.last_activity_at DESC, c.phone DESC LIMIT p_limit;
  ELSE
    RETURN QUERY
      SELECT c.phone, c.last_activity_at, c.last_inbound_at, c.unread_count FROM inbox_conversations c
       WHERE c.organization_id = p_org AND (c.last_activity_at, c.phone) < (p_before_at, p_before_phone)
       ORDER BY c.last_activity_at DESC, c.phone DESC LIMIT p_limit;
  END IF;
END $$;
