-- A customer event (features/events) is announced to every process by the database itself, at the commit
-- of the row that records it: the writer sends one statement instead of an insert and a NOTIFY, which
-- matters because purchases record one while their ledger rows are still locked.
CREATE FUNCTION notify_customer_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('numero_customer_events', json_build_object('id', NEW.id, 'userId', NEW.user_id)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER customer_events_notify
  AFTER INSERT ON customer_events
  FOR EACH ROW EXECUTE FUNCTION notify_customer_event();
