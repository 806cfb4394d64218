package locale

// Site holds what the Go server writes on the site itself when the renderer
// cannot (its fallback pages) and the API's general error messages.
type Site struct {
	UnavailableTitle string `json:"unavailableTitle"` // heading and title of the 503 page
	UnavailableBody  string `json:"unavailableBody"`  // explanation on the 503 page
	Retry            string `json:"retry"`            // link that reloads the page
	BackHome         string `json:"backHome"`         // link to the home page
	NotFoundTitle    string `json:"notFoundTitle"`    // heading of the fallback 404 page
	NotFoundBody     string `json:"notFoundBody"`     // explanation on the fallback 404 page
	ErrorTitle       string `json:"errorTitle"`       // heading of the 500 page

	APINotFound         string `json:"apiNotFound"`         // an API route or record that does not exist
	APIMethodNotAllowed string `json:"apiMethodNotAllowed"` // a route that exists, with another method
	APIBadRequest       string `json:"apiBadRequest"`       // a request the server cannot read
	APITooManyRequests  string `json:"apiTooManyRequests"`  // a client over its rate limit
	APIInternal         string `json:"apiInternal"`         // anything that failed on the server's side
	APICrossSite        string `json:"apiCrossSite"`        // a state-changing request sent from another site
}
