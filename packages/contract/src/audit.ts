// Every action the audit log records (DESIGN.md §1.6), one list for the server, which may write no other
// (platform/audit.ts types `action` by it), and the back office, which labels each one in 11 languages
// (admin catalogue `audit.actions`, key = the action with `.` and `-` as `_`).

/** The subjects decided through the one review helper (platform/review-decision.ts), each with its verbs. */
export const reviewedSubjects = ['deposit', 'withdrawal', 'kyc', 'loan', 'adjustment'] as const;
export type ReviewedSubject = (typeof reviewedSubjects)[number];
export const reviewVerbs = ['approve', 'reject', 'void'] as const;
export type ReviewVerb = (typeof reviewVerbs)[number];

export const auditActions = [
  ...reviewedSubjects.flatMap((s) => reviewVerbs.map((v) => `${s}.${v}` as const)),
  'adjustment.request',
  'admin.login',
  'admin.login.fail',
  'admin.password.change',
  'admin.totp.enrol',
  'admin.totp.reenrol.fail',
  'admin.session.revoke',
  'staff.create',
  'staff.disable',
  'staff.enable',
  'staff.role',
  'staff.password.reset',
  'staff.sign-out',
  'user.disable',
  'user.enable',
  'user.demo.reset',
  'user.session.revoke',
  'kyc.photo.view',
  'export.csv',
  'loanProduct.create',
  'loanProduct.update',
  'smartProduct.create',
  'smartProduct.update',
  'nft.create',
  'nft.update',
  'nft.payout',
  'content.create',
  'content.update',
  'content.publish',
  'content.unpublish',
  'content.order',
  'deposit_channel.create',
  'deposit_channel.update',
  'param.update',
  'support.read',
  'support.reply',
  'support.close',
  'support.reopen',
  'instrument.update',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** The catalogue key of an action's label under `audit.actions` (i18n keys hold no dots). */
export const auditActionKey = (action: string): string => action.replace(/[.-]/g, '_');
