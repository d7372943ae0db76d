import { CHAT_MESSAGES } from './chat.ts';

/**
 * Every user-facing string the spec fixes, verbatim. The API and the web app both import these
 * so a validation message is the same wherever it is raised.
 */
export const MESSAGES = {
  // Sign-up, login, password recovery (docs/spec.md §5)
  fillAllFields: 'Please fill all fields',
  validEmail: 'Please enter a valid email address',
  enterFullName: 'Please enter Full Name',
  passwordsDoNotMatch: 'Passwords do not match',
  heroValidEmail: 'Enter a valid email',
  forgotValidEmail: 'Please enter a valid email address.',
  enterPassword: 'Please enter a password',
  registrationSuccessful: 'Registration successful',
  sessionExpired: 'Your session has expired. Please log in again.',
  resetLinkFailed: 'Failed to send reset link. Please try again later.',
  unexpectedError: 'An unexpected error occurred.',
  deleteAccountConfirm: 'Are you sure want to delete this account?',
  // Contact popup
  contactName: 'Please enter your name',
  contactPhone: 'Please enter phone number',
  contactEmail: 'Please enter email address',
  contactValidEmail: 'Please enter a valid email',
  // Website
  enterWebsiteUrl: 'Please enter website url',
  sitemapInvalid: 'Please a valid url',
  selectOneWebsite: 'Please select at least one website to process',
  websitesWillBeLoaded: 'Websites will be loaded',
  crawlingCompleted: 'Crawling completed successfully',
  // Text & Q&A
  enterTitle: 'Please enter title',
  enterTextContent: 'Please enter text content',
  noContentToTrain: 'No Content to train',
  addQuestionAnswer: 'Please add question & answer',
  noQaToTrain: 'No Q&A to train content',
  csvEmpty: 'No data found or CSV is empty',
  csvSelectColumns: 'Please select question and answer column',
  selectFile: 'Please select a file',
  // Images
  maxImages: 'You can only upload maximum 10 images',
  minImageSize: 'Please upload images of size at least 300x300 pixels.',
  // YouTube (two spaces are the spec's)
  enterYoutubeUrl: 'Please enter  youtube url',
  validYoutubeUrl: 'Please enter valid youtube url',
  // Shell, realtime, chat, embed
  noChatbots: 'No Chatbots found. Please add a chatbot to proceed',
  socketNotConnected: 'Socket.IO is not connected',
  chatEmptyAnswer: CHAT_MESSAGES.emptyAnswer,
  trainingInProgress: 'training in progress.....',
  scriptCopied: 'Script copied to clipboard!',
} as const;
