// The password estimator (zxcvbn-ts with its common and English dictionaries) behind the shared policy. A
// separate entry point: the server imports it, the apps import it dynamically so its ~1 MB of dictionaries stays
// out of their first load.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import {
  judgePassword,
  passwordMaxLength,
  personalParts,
  type PasswordOwner,
  type PasswordVerdict,
} from './password-rules.ts';

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: ranking the dictionaries takes a noticeable moment, paid once per process or page. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return estimator;
}

/** Scores `password` with the owner's name and e-mail as user inputs and judges it against the policy. */
export function assessPassword(password: string, owner: PasswordOwner = {}): PasswordVerdict {
  // The estimator's cost grows with length; past the policy's maximum the wire refuses anyway.
  const { score } = zxcvbn().check(password.slice(0, passwordMaxLength), personalParts(owner));
  return judgePassword(password, score, owner);
}
