-- D18 Inbox: a page of conversations is read by inbox_conversation_page(), planned with its values at every call,
-- so a merchant with many conversations is read by its activity index and stops after the page (db/functions).
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
