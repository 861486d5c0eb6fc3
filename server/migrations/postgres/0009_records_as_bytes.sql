-- Run files as their bytes (BYTEA) rather than base64url text, in the board's runs and in
-- par. The base64url kept so far is decoded in place: its alphabet's '-' and '_' read as
-- '+' and '/', and the '=' padding base64url left out is put back. A par game that did not
-- end keeps an empty record, now empty bytes.
ALTER TABLE runs ALTER COLUMN record TYPE BYTEA
    USING decode(rpad(translate(record, '-_', '+/'), (length(record) + 3) / 4 * 4, '='), 'base64');
ALTER TABLE par ALTER COLUMN record TYPE BYTEA
    USING decode(rpad(translate(record, '-_', '+/'), (length(record) + 3) / 4 * 4, '='), 'base64');
