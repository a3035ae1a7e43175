-- A kept answer (a cart, 2 to 8 KB of JSON) stays in its row as it is: by default a row over
-- 2 KB has its long values compressed, which cost PGlite 1 to 2 ms an add (pglz in
-- WebAssembly) and saves little. Rows over 8 KB are still compressed or moved out of line.
ALTER TABLE "idempotency_keys" SET (toast_tuple_target = 8160);
