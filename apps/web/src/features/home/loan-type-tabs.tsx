import { useRef, type KeyboardEvent } from 'react';

export type LoanType = 'instalment' | 'shortTerm';

/** The picker's choices below the tabs: the panel each tab controls. */
export const LOAN_PANEL_ID = 'loan-panel';

const TABS: { value: LoanType; label: string }[] = [
  { value: 'instalment', label: 'Instalment Loan' },
  { value: 'shortTerm', label: 'Short Term Loan' },
];

/** The two loan types as an ARIA tab list: arrow keys move between them, as a screen reader expects. */
export function LoanTypeTabs({ value, onChange }: { value: LoanType; onChange: (t: LoanType) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = (index + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    onChange(TABS[next]!.value);
    refs.current[next]?.focus();
  };
  return (
    <div className="loan-tabs" role="tablist" aria-label="Loan type">
      {TABS.map((t, i) => (
        <button
          key={t.value}
          ref={(el) => {
            refs.current[i] = el;
          }}
          id={`loan-tab-${t.value}`}
          type="button"
          role="tab"
          aria-selected={value === t.value}
          aria-controls={LOAN_PANEL_ID}
          tabIndex={value === t.value ? 0 : -1}
          className="loan-tabs__tab"
          onClick={() => onChange(t.value)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
