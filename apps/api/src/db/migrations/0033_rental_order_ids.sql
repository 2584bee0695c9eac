-- The 5sim-compatible API names activations and rentals ("hosting") with one order id: `check/{id}`,
-- `finish/{id}` and `cancel/{id}` take either. New rentals therefore draw their public id from the
-- activations' own sequence, so no id ever names both. Rentals made before keep theirs: rentals started
-- at 1 and activations at 100001, so the two ranges met only past 100000 rentals; where a stored id is
-- found in both, the activation answers (the older use of that id).
-- The sequence's name is read once here, so the default is a plain nextval on it.
DO $$
BEGIN
  EXECUTE format(
    'ALTER TABLE rentals ALTER COLUMN public_id SET DEFAULT nextval(%L::regclass)',
    pg_get_serial_sequence('activations', 'public_id')
  );
END
$$;
