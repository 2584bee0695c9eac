-- The services a customer marked as favourites (issue 32), shown first on the products page. A service
-- that leaves the shelf stays a favourite and shows again when it returns.
CREATE TABLE favourite_services (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  service_code text NOT NULL REFERENCES services (code) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, service_code)
);
