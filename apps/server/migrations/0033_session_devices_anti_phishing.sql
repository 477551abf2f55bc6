-- Reserved for issue 25 (session_devices_anti_phishing); filled by the helper that owns it.
SELECT 1;
