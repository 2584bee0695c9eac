-- A reseller's webhook is announced by the database at the commit of the SMS it tells of, so a process
-- delivers it at once instead of at the delivery task's next look (every 2 s). One message per
-- statement, without a payload: it only wakes the task, which claims what is due from the table.
CREATE FUNCTION notify_webhook_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('numero_webhooks_due', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER webhook_deliveries_notify
  AFTER INSERT ON webhook_deliveries
  FOR EACH STATEMENT EXECUTE FUNCTION notify_webhook_due();
