// Swiper's core and the modules the carousels use, loaded together (in Swiper's own chunk) only
// once a carousel comes near the screen: see Carousel.
export { Swiper } from 'swiper';
export { A11y, Autoplay, EffectFade, Pagination } from 'swiper/modules';
