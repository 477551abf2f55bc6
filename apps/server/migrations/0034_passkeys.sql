-- Reserved for issue 25 (passkeys); filled by the helper that owns it.
SELECT 1;
