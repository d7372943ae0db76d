/** The media feature's public face: PDF and image upload, YouTube transcripts. */
export { FilesUpload } from './FilesUpload.tsx';
export { YoutubeTranscript } from './YoutubeTranscript.tsx';
