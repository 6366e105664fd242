import type { OldRuleItem } from '../features/close-of-business/old-rules-review-staff';

/** `ops notices review`: what was given or done under the rules issue 46 corrected, oldest first. */
export function oldRulesLines(items: readonly OldRuleItem[]): string[] {
  return [
    `${items.length} item(s) given or done under servicing rules since corrected, or late, for a person to review:`,
    ...items.map((i) => `${i.on}  ${i.kind}  ${i.guid}  ${i.name}  (${i.provision}) ${i.what}`),
  ];
}
