// The operator and the charity are named by parameters (issue 23): a fresh install has them empty, every
// back-office role can read what is still missing (the dashboard's warning), the licence may say plainly
// that there is none, and each is public once set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorNotLicensed, setupParamKeys, type AdminParam, type ParamSetup } from '@tradewind/contract';
import { adminToken, client, startTestApp, type TestApp } from '../test/harness.ts';
import { adminLogin } from '../wallet/withdraw-testing.ts';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp();
  superToken = await adminToken(t);
});
afterAll(async () => t.close());

const edit = (key: string, value: string) =>
  client(t.app, { token: superToken }).post<AdminParam>(`/admin/api/params/${key}`, {
    body: { value, reason: 'operator named' },
  });
const setup = (token: string) => client(t.app, { token }).get<ParamSetup>('/admin/api/params/setup');
const publicValue = async (key: string) =>
  (await client(t.app).get<{ value: string }>(`/api/swx/customer/index/getParamByKey/${key}`)).body.result
    .value;

describe('operator and charity parameters', () => {
  it('start empty on a fresh install: every role is told all of them are missing', async () => {
    expect((await setup(superToken)).body.result.missing).toEqual([...setupParamKeys]);
    const support = await adminLogin(t, 'support');
    expect((await setup(support)).body.result.missing).toEqual([...setupParamKeys]);
    expect((await client(t.app).get('/admin/api/params/setup')).status).toBe(401);
    for (const key of setupParamKeys) expect(await publicValue(key)).toBe('');
  });

  it('are listed as public, each with its kind (the licence its own)', async () => {
    const list = (await client(t.app, { token: superToken }).get<AdminParam[]>('/admin/api/params')).body
      .result;
    const kinds = Object.fromEntries(list.map((p) => [p.key, [p.kind, p.public]]));
    expect(kinds).toMatchObject({
      operator_name: ['text', true],
      operator_address: ['text', true],
      operator_registration: ['text', true],
      operator_licence: ['licence', true],
      operator_email: ['email', true],
      charity_name: ['text', true],
      charity_registration: ['text', true],
      charity_website: ['url', true],
    });
    expect(kinds).not.toHaveProperty('company_name');
    expect(kinds).not.toHaveProperty('company_address');
  });

  it('store "not licensed" in one spelling whatever the case typed, and a licence as typed', async () => {
    expect((await edit('operator_licence', '  Not Licensed ')).body.result.value).toBe(operatorNotLicensed);
    expect(await publicValue('operator_licence')).toBe('not licensed');
    const fca = 'Authorised and regulated by the Financial Conduct Authority (FRN 123456)';
    expect((await edit('operator_licence', fca)).body.result.value).toBe(fca);
    expect(await publicValue('operator_licence')).toBe(fca);
  });

  it('leave the warning only once every operator detail and the charity name are filled', async () => {
    const values: Record<string, string> = {
      operator_name: 'Tradewind Markets Ltd',
      operator_address: '1 Finsbury Avenue, London EC2M 2PF',
      operator_registration: 'Company no. 01234567',
      operator_email: 'legal@tradewind.co.uk',
    };
    for (const [key, value] of Object.entries(values)) expect((await edit(key, value)).status).toBe(200);
    expect((await setup(superToken)).body.result.missing).toEqual(['charity_name']);
    expect((await edit('charity_name', 'Save the Children UK')).status).toBe(200);
    expect((await setup(superToken)).body.result.missing).toEqual([]);
    expect((await edit('operator_address', '')).status).toBe(200);
    expect((await setup(superToken)).body.result.missing).toEqual(['operator_address']);
  });
});
