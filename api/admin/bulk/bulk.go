// Package bulk runs a back-office action on many items at once: each item
// goes through the handler of the action done alone, on the same session,
// so it meets the same checks and leaves the same audit record, and the
// answer says what came of each.
package bulk

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/endpoint"
)

// Max bounds how many items one bulk action changes.
const Max = 100

// Step is one item's call of the action: the route's parameters, its
// query and its JSON body.
type Step struct {
	ID     string
	Params map[string]string
	Query  url.Values
	Body   any
}

// Result is what came of one item.
type Result struct {
	ID      string `json:"id"`
	OK      bool   `json:"ok"`
	Message string `json:"message"`
}

// Run calls handler once per step, as a request of its own made with c's
// session, and reports what each answered. An error a handler returns
// without answering (a failing database) stops the run.
func Run(c echo.Context, steps []Step, handler echo.HandlerFunc) ([]Result, error) {
	original, response := c.Request(), c.Response()
	names, values := c.ParamNames(), c.ParamValues()
	defer func() {
		c.SetRequest(original)
		c.SetResponse(response)
		c.SetParamNames(names...)
		c.SetParamValues(values...)
	}()
	out := make([]Result, 0, len(steps))
	for _, st := range steps {
		body, err := json.Marshal(st.Body)
		if err != nil {
			return out, err
		}
		r := original.Clone(original.Context())
		u := *original.URL
		u.RawQuery = st.Query.Encode()
		r.URL = &u
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		r.Header.Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
		rec := &recorder{header: http.Header{}}
		c.SetRequest(r)
		c.SetResponse(echo.NewResponse(rec, c.Echo()))
		pn, pv := make([]string, 0, len(st.Params)), make([]string, 0, len(st.Params))
		for k, v := range st.Params {
			pn, pv = append(pn, k), append(pv, v)
		}
		c.SetParamNames(pn...)
		c.SetParamValues(pv...)
		err = handler(step{c})
		if err != nil && !errors.Is(err, endpoint.ErrAnswered) && rec.status == 0 {
			return out, err
		}
		var answer endpoint.Envelope
		_ = json.Unmarshal(rec.body.Bytes(), &answer)
		res := Result{ID: st.ID, OK: answer.IsSuccess && rec.status < 300, Message: answer.Message}
		if !res.OK && len(answer.Errors) > 0 {
			// A refused field says more than "correct the highlighted fields":
			// there is no field to highlight in a list.
			fields := slices.Sorted(maps.Keys(answer.Errors))
			res.Message = answer.Errors[fields[0]]
		}
		out = append(out, res)
	}
	return out, nil
}

// step is the context a handler sees for one item: its query is read from
// the item's request each time, not from the bulk request's parsed once.
type step struct{ echo.Context }

func (s step) QueryParam(name string) string { return s.Request().URL.Query().Get(name) }
func (s step) QueryParams() url.Values       { return s.Request().URL.Query() }
func (s step) QueryString() string           { return s.Request().URL.RawQuery }

// recorder keeps what a handler answered for one item.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
}
func (r *recorder) Write(b []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	return r.body.Write(b)
}
