/** The chat feature's public face: what pages may use. */
export { ChatWindow } from './ChatWindow.tsx';
export { ConversationList } from './ConversationList.tsx';
export { Markdown } from './markdown.tsx';
export { QuickStartPanel } from './QuickStartPanel.tsx';
export { SourceList } from './SourceList.tsx';
