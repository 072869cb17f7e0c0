-- A rest-day change reaches the user's other open pages as a 'session' announcement, as a Lock-In
-- change does: the streak card and its rest-day setting are read with the sessions (lockin.*).
CREATE TRIGGER rest_day_settings_live AFTER INSERT OR UPDATE OR DELETE ON rest_day_settings FOR EACH ROW EXECUTE FUNCTION lockin_live_user('session');
