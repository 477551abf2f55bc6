-- Reserved for issue 25 (payout_method_cooldown); filled by the helper that owns it.
SELECT 1;
