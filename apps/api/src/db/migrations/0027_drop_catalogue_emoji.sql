-- Services and countries held an emoji each (a "flag" and an "icon") that no screen drew: the web app
-- draws bundled SVG flags and brand marks by code instead, and the API no longer serves them.
ALTER TABLE services DROP COLUMN icon;
ALTER TABLE countries DROP COLUMN flag;
