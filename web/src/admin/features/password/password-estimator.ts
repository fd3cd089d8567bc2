import type { PasswordScore } from './password-strength';

type Estimator = (password: string, words: string[]) => PasswordScore;

let estimator: Promise<Estimator> | null = null;

/**
 * zxcvbn with its common (breached) passwords and keyboards and the Dutch dictionaries, loaded
 * the first time a new password is typed: its lists are several hundred kB, in their own chunks.
 */
export function loadPasswordEstimator(): Promise<Estimator> {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-nl-be'),
  ]).then(([core, common, dutch]) => {
    const factory = new core.ZxcvbnFactory({
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...dutch.dictionary },
    });
    return (password, words) => factory.check(password, words).score;
  });
  return estimator;
}
