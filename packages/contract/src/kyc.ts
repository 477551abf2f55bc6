// Identity verification (KYC): the `identification` form and the back office's review item
// (CONTRACT.md "User" identification, "Back office" reviews/kyc).
import { z } from 'zod';
import { areaCodeSchema, phoneSchema } from './auth.ts';
import { text } from './common.ts';
import { reviewedCustomer } from './wallet-deposits.ts';

export const kycSexes = ['male', 'female', 'other'] as const;
export const kycDocTypes = ['id_card', 'passport', 'driver_licence'] as const;
export type KycDocType = (typeof kycDocTypes)[number];
/** The three photos of a submission, each a file part of the form. */
export const kycPhotos = ['front', 'back', 'selfie'] as const;
export type KycPhoto = (typeof kycPhotos)[number];
export const kycSubmissionStatuses = ['pending', 'approved', 'rejected'] as const;
/** Customers must be at least this old on the day they submit. */
export const kycMinAgeYears = 18;

/** The 249 officially assigned ISO 3166-1 alpha-2 codes. */
export const countryCodes: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ ' +
  'BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR ' +
  'CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ' +
  'ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ ' +
  'LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ ' +
  'MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF ' +
  'PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI ' +
  'SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR ' +
  'TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const countrySet = new Set(countryCodes);

/** A real calendar date written YYYY-MM-DD (2023-02-30 is refused). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'not a date');

const personName = text().trim().min(1).max(64);

/**
 * The text fields of the `identification` multipart form; `front`, `back` and `selfie` are file parts.
 * The server also checks that the birthdate is not in the future and the customer is an adult.
 */
export const identificationFields = z.strictObject({
  firstName: personName,
  lastName: personName,
  sex: z.enum(kycSexes),
  birthdate: isoDate,
  country: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => countrySet.has(v), 'not an ISO 3166 alpha-2 code'),
  address: text().trim().min(1).max(200),
  areaCode: areaCodeSchema,
  phone: phoneSchema,
  docType: z.enum(kycDocTypes),
});
export type IdentificationFields = z.infer<typeof identificationFields>;

/** A submission in the back office's KYC queue, with the photos' URLs (served to authorized admins only). */
export const kycReviewItem = z.object({
  id: z.string(),
  user: reviewedCustomer,
  firstName: z.string(),
  lastName: z.string(),
  sex: z.enum(kycSexes),
  birthdate: z.string(),
  country: z.string(),
  address: z.string(),
  areaCode: z.string(),
  phone: z.string(),
  docType: z.enum(kycDocTypes),
  photos: z.object({ front: z.string(), back: z.string(), selfie: z.string() }),
  status: z.enum(kycSubmissionStatuses),
  reason: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  createdAt: z.number().int(),
  reviewedAt: z.number().int().nullable(),
});
export type KycReviewItem = z.infer<typeof kycReviewItem>;
