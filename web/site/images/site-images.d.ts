declare module 'virtual:site-images' {
  /** The drawings under web/site/images, by their path there (web/vite/site-images.ts). */
  const images: Record<string, import('../../vite/site-images').SiteImage>;
  export default images;
}
