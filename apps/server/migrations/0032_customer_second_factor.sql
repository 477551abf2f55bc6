-- Reserved for issue 25 (customer_second_factor); filled by the helper that owns it.
SELECT 1;
