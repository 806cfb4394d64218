// The media library in the back-office: its screen, and the dialog other screens choose a
// picture or a document with (uploading one inside it).
export { MediaLibrary, mayUseMedia } from './media';
export { MediaPicker } from './picker';
export { mediaQuery, missingAlt, type MediaFilters } from './logic';
export { useMediaItem } from './queries';
