-- Live updates (ADR 003): every change to public tournament data publishes a NOTIFY on channel
-- 'app_changes', whatever process or tool made it. Identical payloads within one transaction are delivered
-- once, so a bulk write (a round's pairings) is one event. Settings name their key.
CREATE OR REPLACE FUNCTION notify_app_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('app_changes', json_build_object('table', TG_TABLE_NAME)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_setting_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify(
    'app_changes',
    json_build_object('table', TG_TABLE_NAME, 'key', CASE WHEN TG_OP = 'DELETE' THEN OLD.key ELSE NEW.key END)::text
  );
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER system_settings_notify AFTER INSERT OR UPDATE OR DELETE ON system_settings
  FOR EACH ROW EXECUTE FUNCTION notify_setting_change();
--> statement-breakpoint
CREATE TRIGGER tournaments_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tournaments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();
--> statement-breakpoint
CREATE TRIGGER players_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON players
  FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();
--> statement-breakpoint
CREATE TRIGGER rounds_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rounds
  FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();
--> statement-breakpoint
CREATE TRIGGER matches_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON matches
  FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();
--> statement-breakpoint
CREATE TRIGGER round_byes_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON round_byes
  FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();
--> statement-breakpoint
CREATE TRIGGER announcements_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON announcements
  FOR EACH STATEMENT EXECUTE FUNCTION notify_app_change();
