import type { Finding } from '../../entities/applications/decision/decision-check';

/**
 * A repeat loan's findings as its decision record keeps them (docs/decisions/027): each check's words
 * after its name, the declining one first and marked.
 */
export const reasonText = (findings: readonly Finding[]) =>
  [...findings]
    .sort((a, b) => Number(b.outcome === 'decline') - Number(a.outcome === 'decline'))
    .map((f) => `${f.outcome === 'decline' ? 'DECLINES ' : ''}${f.check}: ${f.text}`)
    .join('; ');
