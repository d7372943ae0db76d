import { hostedChatUrl, inlineSnippet, MESSAGES } from '@docent/shared';
import * as Accordion from '@radix-ui/react-accordion';
import {
  ChevronDown,
  Code2,
  ExternalLink,
  LayoutPanelLeft,
  type LucideIcon,
  MessageCircle,
  MessagesSquare,
  Smartphone,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { ChatbotSideMenu } from '../../components/ChatbotSideMenu.tsx';
import { NoBotSelected } from '../../components/NoBotSelected.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import {
  CodeSnippet,
  type EmbedStatus,
  LinkSnippet,
  useEmbedStatus,
  useSnippetCopied,
} from '../../features/embed/index.ts';
import { useSession } from '../../lib/session.ts';
import './status.css';

/** /status (Embed & Integrate): the five ways to put the bot in front of customers. */
export function StatusPage() {
  const { bot_id: botId } = useSession();
  return (
    <ChatbotSideMenu>
      {botId ? <EmbedSections key={botId} botId={botId} /> : <NoBotSelected />}
    </ChatbotSideMenu>
  );
}

function EmbedSections({ botId }: { botId: string }) {
  const status = useEmbedStatus(botId);
  const onCopied = useSnippetCopied(botId);
  const pageUrl = status.publicUrl ? hostedChatUrl(status.publicUrl, botId) : null;
  return (
    <div className="embed">
      <div className="embed__intro">
        <h2 className="kb-panel__title">Embed &amp; Integrate</h2>
        <p className="kb-panel__subtitle">
          Put your chatbot on your website, share it as a page, or open it inside your app.
        </p>
      </div>
      <Accordion.Root type="single" collapsible defaultValue="messenger" className="embed__list">
        <Section value="messenger" icon={MessageCircle} title="Add as a Messenger">
          <MessengerSection status={status} onCopied={onCopied} />
        </Section>
        <Section value="full-page" icon={ExternalLink} title="Share as Full Page Chat">
          <p className="embed__text">
            A hosted page with nothing but your chatbot. Share the link in e-mails, on social media
            or behind a "Chat with us" button.
          </p>
          {pageUrl ? <LinkSnippet url={pageUrl} testId="full-page-url" /> : <Waiting />}
        </Section>
        <Section value="inline" icon={LayoutPanelLeft} title="Add as Inline Chat">
          <p className="embed__text">
            Shows the chat inside your page instead of a floating bubble. Paste both lines where the
            chat should appear; the script fills the element named by <code>data-target</code>, so
            you can change its id and height.
          </p>
          {status.publicUrl && status.attributes ? (
            <CodeSnippet
              code={inlineSnippet(status.publicUrl, status.attributes['data-userid'], botId)}
              copiedMessage="Snippet copied to clipboard!"
              testId="inline-snippet"
              onCopied={onCopied}
            />
          ) : (
            <Waiting />
          )}
        </Section>
        <Section value="mobile" icon={Smartphone} title="Mobile App Embed">
          <p className="embed__text">
            Open the full-page chat in a WebView inside your iOS or Android app:
          </p>
          {pageUrl ? <LinkSnippet url={pageUrl} testId="mobile-url" /> : <Waiting />}
          <ol className="embed__steps">
            <li>
              <strong>iOS:</strong> load the address in a <code>WKWebView</code> (
              <code>webView.load(URLRequest(url: url))</code>).
            </li>
            <li>
              <strong>Android:</strong> use a <code>WebView</code> with JavaScript enabled (
              <code>settings.javaScriptEnabled = true</code>) and call <code>loadUrl(url)</code>.
            </li>
            <li>
              <strong>React Native / Flutter:</strong> <code>react-native-webview</code> or{' '}
              <code>webview_flutter</code> with the same address.
            </li>
          </ol>
        </Section>
        <Section value="whatsapp" icon={MessagesSquare} title="Add Whats App">
          <p className="embed__text">
            Answer your customers on WhatsApp with the same trained chatbot. This channel is coming
            soon; the website messenger and full-page chat are ready today.
          </p>
          <span className="badge">Coming soon</span>
        </Section>
      </Accordion.Root>
    </div>
  );
}

function Section({
  value,
  icon: Icon,
  title,
  children,
}: {
  value: string;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <Accordion.Item value={value} className="embed__item">
      <Accordion.Header asChild>
        <h3>
          <Accordion.Trigger className="embed__trigger">
            <span className="embed__icon" aria-hidden="true">
              <Icon size={18} />
            </span>
            <span className="embed__title">{title}</span>
            <ChevronDown size={20} aria-hidden="true" className="embed__chevron" />
          </Accordion.Trigger>
        </h3>
      </Accordion.Header>
      <Accordion.Content className="embed__content">
        <div className="embed__body">{children}</div>
      </Accordion.Content>
    </Accordion.Item>
  );
}

function MessengerSection({ status, onCopied }: { status: EmbedStatus; onCopied: () => void }) {
  return (
    <>
      <p className="embed__text">
        Paste this script in the <code>&lt;head&gt;</code> of your web page. A chat icon appears in
        the corner of every page that has it.
      </p>
      {status.ready === undefined ? (
        <Waiting />
      ) : !status.ready || !status.script ? (
        <p className="embed__training" role="status" data-testid="training-notice">
          <Spinner size={16} />
          {MESSAGES.trainingInProgress}
        </p>
      ) : (
        <>
          <CodeSnippet
            code={status.script}
            copiedMessage={MESSAGES.scriptCopied}
            testId="embed-script"
            onCopied={onCopied}
          />
          {status.attributes && (
            <dl className="embed__attrs">
              <div>
                <dt>
                  <Code2 size={14} aria-hidden="true" /> Script URL
                </dt>
                <dd>{status.attributes.script_url}</dd>
              </div>
              <div>
                <dt>data-id</dt>
                <dd>{status.attributes['data-userid']}</dd>
              </div>
              <div>
                <dt>data-botid</dt>
                <dd>{status.attributes['data-botid']}</dd>
              </div>
            </dl>
          )}
        </>
      )}
    </>
  );
}

function Waiting() {
  return (
    <div className="embed__waiting">
      <Spinner size={18} label="Loading" />
    </div>
  );
}
