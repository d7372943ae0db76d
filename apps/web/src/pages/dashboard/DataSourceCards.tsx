import {
  ArrowRight,
  FileText,
  Globe,
  type LucideIcon,
  MessagesSquare,
  MonitorPlay,
} from 'lucide-react';
import { useNavigate } from 'react-router';
import { startNewBot } from '../../features/bots/index.ts';

interface Source {
  title: string;
  text: string;
  to: string;
  icon: LucideIcon;
}

const SOURCES: Source[] = [
  {
    title: 'Website',
    text: 'Crawl every page of your site or import a sitemap.',
    to: '/crawl',
    icon: Globe,
  },
  {
    title: 'Text & Files',
    text: 'Type or import text, upload PDFs and images.',
    to: '/textupload',
    icon: FileText,
  },
  {
    title: 'Youtube',
    text: 'Learn from the transcript of a YouTube video.',
    to: '/youtube',
    icon: MonitorPlay,
  },
  {
    title: 'QA',
    text: 'Add question and answer pairs or import a .csv.',
    to: '/question',
    icon: MessagesSquare,
  },
];

export function DataSourceCards() {
  const navigate = useNavigate();
  return (
    <ul className="sources">
      {SOURCES.map(({ title, text, to, icon: Icon }) => (
        <li key={title} className="source-card">
          <span className="source-card__icon" aria-hidden="true">
            <Icon size={24} />
          </span>
          <h3 className="source-card__title">{title}</h3>
          <p className="source-card__text">{text}</p>
          <button
            type="button"
            className="btn btn--secondary btn--md btn--block"
            aria-label={`Continue with ${title}`}
            onClick={() => {
              // A source started here makes a new chatbot unless the owner picks one on its
              // screen; that bot's untrained texts and Q&A pairs are kept (issue 17).
              startNewBot();
              navigate(to);
            }}
          >
            Continue <ArrowRight size={16} aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
