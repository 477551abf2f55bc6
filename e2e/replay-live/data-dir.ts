// The replay-live server keeps its data (the outbox of mailed codes, the first-start admin's password) in
// E2E_REPLAY_DATA_DIR (playwright.replay-live.config.ts), while the shared helpers (support/accounts.ts,
// web/support.ts) read E2E_DATA_DIR, which the base config points at the main run's directory. A spec of
// this run that signs customers up or uses the back office imports this module first.
if (process.env.E2E_REPLAY_DATA_DIR) process.env.E2E_DATA_DIR = process.env.E2E_REPLAY_DATA_DIR;

export const replayDataDir = process.env.E2E_REPLAY_DATA_DIR;
