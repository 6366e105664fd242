import { INSTALMENT_MONTHS, MAX_AMOUNT, MIN_AMOUNT, SHORT_TERM_MONTHS } from '@lender/contract/constants';
import { TIMINGS } from '@lender/contract/timings';
import { useEffect, useId, useState, useSyncExternalStore, type FocusEvent, type ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated';
import './marketing-carousel.css';

const pounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Line icons on a 24 px grid, drawn with the text colour (decorative: the slide's title says it). */
const icon = (paths: ReactNode) => (
  <svg
    viewBox="0 0 24 24"
    width="32"
    height="32"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {paths}
  </svg>
);

const SLIDES = [
  {
    title: 'A decision in about 60 seconds',
    text: 'Apply online at any time of day and see your quote straight away.',
    icon: icon(
      <>
        <circle cx="12" cy="13.5" r="7.5" />
        <path d="M12 9.5v4l2.5 2M9.5 2.5h5M12 2.5V6M18.5 6.5 20 5" />
      </>,
    ),
  },
  {
    title: 'Money within 15 minutes',
    text: 'Once you have our approval e-mail, the money is on its way to your bank.',
    icon: icon(<path d="M13 2.5 4.5 13.5h6.5l-1 8 8.5-11h-6.5z" />),
  },
  {
    title: `Borrow ${pounds.format(MIN_AMOUNT)} to ${pounds.format(MAX_AMOUNT)}`,
    text:
      `Repay in ${SHORT_TERM_MONTHS === 1 ? 'one month' : `${SHORT_TERM_MONTHS} months`}, or spread it ` +
      `over ${INSTALMENT_MONTHS[0]} to ${INSTALMENT_MONTHS[INSTALMENT_MONTHS.length - 1]} monthly instalments.`,
    icon: icon(
      <>
        <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
        <path d="M3.5 10h17M8 3v4M16 3v4M8 14h2M14 14h2M8 17h2" />
      </>,
    ),
  },
  {
    title: 'No fees, no surprises',
    text: 'No fee to apply and no charge for paying back early.',
    icon: icon(
      <>
        <path d="M12 3 19.5 6v6c0 4.3-3.1 7.9-7.5 9-4.4-1.1-7.5-4.7-7.5-9V6z" />
        <path d="m8.75 12 2.25 2.25 4.25-4.5" />
      </>,
    ),
  },
];

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const reducedMotionQuery = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;

/**
 * The visitor's motion setting, followed while the page is open. A prerendered home page is written
 * playing (false on the server), as hydration first renders it; React then renders again with the
 * browser's setting, before the first slide could move.
 */
function useReducedMotion() {
  return useSyncExternalStore(
    (onChange) => {
      const query = reducedMotionQuery();
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => reducedMotionQuery()?.matches ?? false,
    () => false,
  );
}

/**
 * The marketing carousel as the WAI-ARIA APG describes one: slides shown one at a time with a fade, a
 * rotation control first, previous and next buttons and a picker. It advances every 3 s (spec section 9)
 * while nobody is reading it: never with reduced motion, and not while the pointer is over it or focus
 * is in it; Pause stops it for good (WCAG 2.2.2). While it is still, a change of slide is announced.
 * Its buttons are disabled (and look it) until React has taken over the prerendered page: a tap before
 * then would land on a button with no handler yet and be lost (issue 45 item 13).
 */
export function MarketingCarousel() {
  const [index, setIndex] = useState(0);
  const reducedMotion = useReducedMotion();
  // The visitor's Pause or Play, once pressed, wins over the motion setting.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const playing = chosen ?? !reducedMotion;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const slidesId = useId();
  const headingId = useId();
  const rotating = playing && !hovered && !focused;
  const count = SLIDES.length;
  const hydrated = useHydrated();

  useEffect(() => {
    if (!rotating) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % count), TIMINGS.carouselAutoplayMs);
    return () => clearInterval(t);
  }, [rotating, count]);

  const show = (i: number) => setIndex((i + count) % count);
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className="carousel__head">
        <h2 id={headingId} className="carousel__heading">
          Why borrow with us
        </h2>
        <div className="carousel__controls">
          <button
            type="button"
            className="carousel__rotate"
            aria-controls={slidesId}
            disabled={!hydrated}
            onClick={() => setChosen(!playing)}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              {playing ? (
                <path d="M8 5v14M16 5v14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
              ) : (
                <path d="M7 4.5v15l12.5-7.5z" fill="currentColor" />
              )}
            </svg>
            {playing ? 'Pause' : 'Play'}
            <span className="visually-hidden"> slides</span>
          </button>
          <ArrowButton
            direction="prev"
            controls={slidesId}
            disabled={!hydrated}
            onClick={() => show(index - 1)}
          />
          <div className="carousel__dots">
            {SLIDES.map((s, i) => (
              <button
                key={s.title}
                type="button"
                className="carousel__dot"
                aria-controls={slidesId}
                aria-label={`Show slide ${i + 1}: ${s.title}`}
                aria-current={i === index}
                disabled={!hydrated}
                onClick={() => show(i)}
              />
            ))}
          </div>
          <ArrowButton
            direction="next"
            controls={slidesId}
            disabled={!hydrated}
            onClick={() => show(index + 1)}
          />
        </div>
      </div>
      <div id={slidesId} className="carousel__slides" aria-live={rotating ? 'off' : 'polite'}>
        {SLIDES.map((s, i) => (
          <div
            key={s.title}
            className="carousel__slide"
            data-active={i === index}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== index}
          >
            <span className="carousel__icon">{s.icon}</span>
            <div>
              <p className="carousel__title">{s.title}</p>
              <p className="carousel__text">{s.text}</p>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}

const ARROWS = {
  prev: { label: 'Previous slide', path: 'm14.5 6-6 6 6 6' },
  next: { label: 'Next slide', path: 'm9.5 6 6 6-6 6' },
};

/** Previous or next: a named button with a chevron drawn inline (no image request). */
function ArrowButton(props: {
  direction: keyof typeof ARROWS;
  controls: string;
  disabled: boolean;
  onClick: () => void;
}) {
  const arrow = ARROWS[props.direction];
  return (
    <button
      type="button"
      className={`carousel__arrow carousel__arrow--${props.direction}`}
      aria-controls={props.controls}
      aria-label={arrow.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d={arrow.path} fill="none" stroke="currentColor" strokeWidth="2.5" />
      </svg>
    </button>
  );
}
