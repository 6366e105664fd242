import { TIMINGS } from '@lender/contract/timings';
import { useEffect, useState } from 'react';
import './marketing-carousel.css';

const SLIDES = [
  {
    title: 'A decision in about 60 seconds',
    text: 'Apply online at any time of day and see your quote straight away.',
  },
  {
    title: 'Money within 15 minutes',
    text: 'Once you have our approval e-mail, the money is on its way to your bank.',
  },
  { title: 'Borrow £1 to £1,000', text: 'Repay in one month, or spread it over 2 to 6 monthly instalments.' },
  { title: 'No fees, no surprises', text: 'No fee to apply and no charge for paying back early.' },
];

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Marketing carousel: fades every 3 s, pauses while hovered or focused and has a pause button
 * (WCAG 2.2.2); with reduced motion it does not play by itself.
 */
export function MarketingCarousel() {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (!playing || held) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), TIMINGS.carouselAutoplayMs);
    return () => clearInterval(t);
  }, [playing, held]);

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label="Why borrow with us"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div className="carousel__slides" aria-live={playing ? 'off' : 'polite'}>
        {SLIDES.map((s, i) => (
          <div
            key={s.title}
            className="carousel__slide"
            data-active={i === index}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${SLIDES.length}`}
            aria-hidden={i !== index}
          >
            <p className="carousel__title">{s.title}</p>
            <p>{s.text}</p>
          </div>
        ))}
      </div>
      <div className="carousel__controls">
        <button type="button" className="link-button" onClick={() => setPlaying((p) => !p)}>
          {playing ? 'Pause' : 'Play'} slides
        </button>
        {SLIDES.map((s, i) => (
          <button
            key={s.title}
            type="button"
            className="carousel__dot"
            aria-label={`Show slide ${i + 1}: ${s.title}`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
}
