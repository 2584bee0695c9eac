-- A customer may choose the mobile operator of the number (issue 34): the one asked for, then the one
-- bought with, kept for the order and the protocol's answers. Null is the protocols' "any".
ALTER TABLE activations ADD COLUMN operator text;
