-- The catalogue import keeps the products in step with the sellers' price lists. It takes a product off
-- sale for a reason of its own, and lifts it by itself when the reason goes: 'withdrawn' while no seller
-- offers it, 'cost_above_price' while the cheapest seller's cost is above its price (until a rule or a
-- person prices it). Staff's own switch stays is_active; a held product keeps its orders and history.
ALTER TABLE products ADD COLUMN sale_hold text CHECK (sale_hold IN ('withdrawn', 'cost_above_price'));
