-- Par's notes: why a bot took some of its actions, for a watcher of its run to learn its
-- tactics by. A JSON list of [action index, text] pairs; empty for a game kept before.
ALTER TABLE par ADD COLUMN notes TEXT NOT NULL DEFAULT '';
