import { Link, Navigate, useParams } from 'react-router';
import { Page } from '../../components/page';
import { FAQ_ANSWERS } from './faq-answers';
import { FAQ_TOPICS } from './faq-topics';

export function Component() {
  const { topic: slug } = useParams();
  const topic = FAQ_TOPICS.find((t) => t.slug === slug);
  if (!topic) return <Navigate to="/not-found" replace />;
  const others = FAQ_TOPICS.filter((t) => t !== topic);
  return (
    <Page heading={topic.title} lead={topic.summary}>
      <p>
        <Link to="/info/faqs">Back to all frequently asked questions</Link>
      </p>
      {/* Questions are headings, not collapsed <details>, so they show in a screen reader's heading list
          and in the browser's find-in-page. */}
      <div className="prose">
        {FAQ_ANSWERS[topic.slug].map((faq) => (
          <section key={faq.question} className="info-faq">
            <h2>{faq.question}</h2>
            {faq.answer}
          </section>
        ))}
      </div>
      <h2>More questions</h2>
      <ul>
        {others.map((t) => (
          <li key={t.slug}>
            <Link to={`/info/faqs/${t.slug}`}>{t.title}</Link>
          </li>
        ))}
        <li>
          <Link to="/info/troubleshooting#contact">Contact our customer care team</Link>
        </li>
      </ul>
    </Page>
  );
}
