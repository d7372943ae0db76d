-- A turn's key is chosen before the turn is first written, so saving it again after an
-- unclear failure (the commit went through but its acknowledgement was lost) stores it once.
-- Turns written before this column existed keep NULL, which UNIQUE allows any number of.
ALTER TABLE chat_turns ADD COLUMN turn_key uuid UNIQUE;
