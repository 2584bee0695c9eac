-- Each API process remembers session → user for a few seconds (features/auth/session-cache.ts). So that a
-- logout, a deactivation, a role or password change still applies to the next request in every process,
-- the database itself names the user on channel session_changed whenever their row changes or one of
-- their sessions ends or changes (other than the once-a-minute last_seen_at), whoever the writer. The
-- message leaves at commit, and not at all on a rollback.
CREATE FUNCTION notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', OLD.id::text);
  RETURN NULL;
END
$$;

CREATE FUNCTION notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', OLD.user_id::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER users_notify_session_changed
  AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();

CREATE TRIGGER sessions_notify_deleted
  AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed();

CREATE TRIGGER sessions_notify_changed
  AFTER UPDATE ON sessions
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_seen_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_seen_at'))
  EXECUTE FUNCTION notify_session_changed();

-- The public catalogue lists are likewise remembered for 2 s per process (http/shared-answers.ts): any
-- change to what they are made of is announced on channel catalog_changed, once per statement.
CREATE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER categories_notify_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER countries_notify_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON countries
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER services_notify_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON services
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
CREATE TRIGGER products_notify_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
