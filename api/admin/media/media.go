// Package media is the back-office's media library: pictures (JPEG, PNG,
// WebP, AVIF) and PDF documents staff upload once and use on many pages.
// A picture is judged by its header before anything decodes it
// (api/imagecheck), then encoded by the renderer's image encoder into the
// widths and formats pages show; a PDF is checked for active content. The
// files are kept in the upload store every replica reads and served to
// everyone, immutable, from Path; the library lists, edits and deletes
// items, and refuses to delete one a page still uses.
package media

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net/http"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"noorvale.example/site/api/admin/access"
	"noorvale.example/site/api/admin/audit"
	"noorvale.example/site/api/blob"
	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/imagecheck"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/ssr"
	"noorvale.example/site/api/store"
)

// Path is where the library's files are served: Path + id + "/" + file.
const Path = "/media/library/"

// Limits of an upload.
const (
	MaxImageBytes    = 15 << 20 // a picture's file
	MaxDocumentBytes = 20 << 20 // a PDF
	maxBody          = MaxDocumentBytes + 64<<10
	maxFieldBytes    = 4 << 10
	// MaxPixels is the pixel budget of a picture, as the covers' (and
	// ssr/encode-image.mjs refuses more too).
	MaxPixels = 40_000_000
	// maxDecode is the most memory decoding a picture may take in the
	// encoder, judged from its header: what the encoder's own limit
	// (192 MiB) leaves once Node, libvips and the encoders are loaded.
	maxDecode = 96 << 20
	maxTitle  = 200
	maxAlt    = 500
	maxTag    = 40
	maxTags   = 20
	maxFolder = 80
)

// The reasons Admit refuses a picture.
var (
	ErrPixels    = errors.New("media: more pixels than the library takes")
	ErrDemanding = errors.New("media: decoding would take more memory than the encoder may")
)

// Admit says whether a picture whose header is head may go to the encoder:
// nil, ErrPixels past MaxPixels, or ErrDemanding when decoding it would
// take more memory than the encoder's limit leaves.
func Admit(head imagecheck.Header) error {
	switch {
	case int64(head.Width)*int64(head.Height) > MaxPixels:
		return ErrPixels
	case head.DecodeCost() > maxDecode:
		return ErrDemanding
	}
	return nil
}

// Encoder encodes a library picture into the files pages show;
// *ssr.Supervisor is one.
type Encoder interface {
	EncodeLibraryImage(ctx context.Context, data []byte) ([]ssr.EncodedImage, error)
}

// Trail records what staff did.
type Trail interface {
	Record(ctx context.Context, e store.AuditEvent)
}

// Service answers the media library's routes.
type Service struct {
	store   *store.Store
	blobs   blob.Store
	encoder Encoder
	trail   Trail
	log     *slog.Logger
	now     func() time.Time
}

// New returns the library; without blobs or an encoder it answers uploads
// 503.
func New(st *store.Store, blobs blob.Store, encoder Encoder, trail Trail, log *slog.Logger, now func() time.Time) *Service {
	return &Service{store: st, blobs: blobs, encoder: encoder, trail: trail, log: log, now: now}
}

// File is one file of an item as the back-office reads it.
type File struct {
	Name   string `json:"name"`
	Type   string `json:"type"`
	Width  int    `json:"width,omitempty"`
	Height int    `json:"height,omitempty"`
	URL    string `json:"url"`
}

// Use is one place an item is used.
type Use struct {
	Place string `json:"place"`
	Label string `json:"label"`
}

// Item is a library item as the back-office reads it.
type Item struct {
	ID          string            `json:"id"`
	Kind        string            `json:"kind"` // "image" or "document"
	FileName    string            `json:"fileName"`
	ContentType string            `json:"contentType"`
	Bytes       int64             `json:"bytes"`
	Width       int               `json:"width"`
	Height      int               `json:"height"`
	Title       string            `json:"title"`
	Alt         map[string]string `json:"alt"`
	FocalX      float64           `json:"focalX"`
	FocalY      float64           `json:"focalY"`
	Tags        []string          `json:"tags"`
	Folder      string            `json:"folder"`
	Files       []File            `json:"files"`
	// URL is the link to copy: a picture's JPEG, a document's file.
	URL        string    `json:"url"`
	UploadedBy string    `json:"uploadedBy"`
	UploadedAt time.Time `json:"uploadedAt"`
	// UsedOn is where the item is used; only an item's own answer says.
	UsedOn []Use `json:"usedOn"`
}

// List is the library's list with the folders and tags to filter by.
type List struct {
	Items   []Item   `json:"items"`
	Folders []string `json:"folders"`
	Tags    []string `json:"tags"`
}

// Edit is what editors change of an item.
type Edit struct {
	Title  string            `json:"title"`
	Alt    map[string]string `json:"alt"`
	FocalX float64           `json:"focalX"`
	FocalY float64           `json:"focalY"`
	Tags   []string          `json:"tags"`
	Folder string            `json:"folder"`
}

func view(m store.MediaItem) Item {
	it := Item{ID: m.ID, Kind: m.Kind, FileName: m.FileName, ContentType: m.ContentType, Bytes: m.Bytes,
		Width: m.Width, Height: m.Height, Title: m.Title, Alt: m.Alt, FocalX: m.FocalX, FocalY: m.FocalY,
		Tags: m.Tags, Folder: m.Folder, Files: []File{}, UploadedBy: m.UploadedBy, UploadedAt: m.UploadedAt, UsedOn: []Use{}}
	for _, f := range m.Files {
		it.Files = append(it.Files, File{Name: f.Name, Type: f.Type, Width: f.Width, Height: f.Height, URL: Path + m.ID + "/" + f.Name})
	}
	for _, f := range it.Files {
		if f.Type == "image/jpeg" || f.Type == "application/pdf" {
			it.URL = f.URL
		}
	}
	return it
}

func (s *Service) audit(c echo.Context, action, id, detail string) {
	if s.trail == nil {
		return
	}
	if utf8.RuneCountInString(detail) > 180 {
		detail = string([]rune(detail)[:180]) + "…"
	}
	s.trail.Record(c.Request().Context(), store.AuditEvent{ActorID: access.Of(c).Staff.ID, Action: action,
		Item: "media/" + id, Detail: detail, IP: c.RealIP()})
}

// List answers the library's items the query keeps: q (words in the
// title, alt texts, file name and tags), kind, folder, tag and sort
// (newest, title, size).
//
// GET /api/admin/media
func (s *Service) List(c echo.Context) error {
	m := &access.Text(c).Media
	q := c.QueryParams()
	f := store.MediaFilter{Query: q.Get("q"), Kind: q.Get("kind"), Folder: q.Get("folder"), Tag: q.Get("tag"), Sort: q.Get("sort")}
	if f.Kind != "" && f.Kind != store.MediaImage && f.Kind != store.MediaDocument {
		return endpoint.Invalid(c, map[string]string{"kind": m.KindInvalid})
	}
	if f.Sort != "" && f.Sort != store.MediaNewest && f.Sort != store.MediaTitle && f.Sort != store.MediaSize {
		return endpoint.Invalid(c, map[string]string{"sort": m.SortInvalid})
	}
	ctx := c.Request().Context()
	items, err := s.store.MediaItems(ctx, f)
	if err != nil {
		return err
	}
	folders, tags, err := s.store.MediaFolders(ctx)
	if err != nil {
		return err
	}
	out := List{Items: make([]Item, 0, len(items)), Folders: folders, Tags: tags}
	for _, it := range items {
		out.Items = append(out.Items, view(it))
	}
	return endpoint.OK(c, out, "")
}

// Show answers one item with where it is used.
//
// GET /api/admin/media/:id
func (s *Service) Show(c echo.Context) error {
	ctx := c.Request().Context()
	it, err := s.store.MediaItemByID(ctx, c.Param("id"))
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, access.Text(c).Media.NotFound)
	}
	if err != nil {
		return err
	}
	out := view(it)
	uses, err := s.store.MediaUsage(ctx, it.ID)
	if err != nil {
		return err
	}
	for _, u := range uses {
		out.UsedOn = append(out.UsedOn, Use(u))
	}
	return endpoint.OK(c, out, "")
}

// Update saves an item's title, alt texts, focal point, tags and folder.
//
// PUT /api/admin/media/:id
func (s *Service) Update(c echo.Context) error {
	req, msg, err := access.Bind[Edit](c)
	if err != nil {
		return err
	}
	m := &msg.Media
	ctx := c.Request().Context()
	cur, err := s.store.MediaItemByID(ctx, c.Param("id"))
	if errors.Is(err, store.ErrNotFound) {
		return endpoint.Fail(c, http.StatusNotFound, m.NotFound)
	}
	if err != nil {
		return err
	}
	v := endpoint.NewChecker(msg.Messages)
	edit := store.MediaEdit{
		Title:  v.Line("title", req.Title, maxTitle, false),
		Folder: v.Line("folder", req.Folder, maxFolder, false),
		FocalX: req.FocalX, FocalY: req.FocalY,
	}
	edit.Alt = checkAlt(v, m, req.Alt)
	edit.Tags = checkTags(v, req.Tags)
	if req.FocalX < 0 || req.FocalX > 1 || req.FocalY < 0 || req.FocalY > 1 {
		v.Set("focal", m.Focal)
	}
	if cur.Kind == store.MediaImage && edit.Alt[access.StaffLocale(c)] == "" {
		v.Set("alt."+access.StaffLocale(c), m.AltRequired)
	}
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}
	it, err := s.store.UpdateMediaItem(ctx, cur.ID, edit, s.now())
	if err != nil {
		return err
	}
	s.audit(c, audit.ActionMediaEdit, it.ID, it.FileName)
	return endpoint.OK(c, view(it), m.Saved)
}

// Delete removes an item and its files unless a page uses it: 409 naming
// the pages then.
//
// DELETE /api/admin/media/:id
func (s *Service) Delete(c echo.Context) error {
	m := &access.Text(c).Media
	it, uses, err := s.store.DeleteMediaItem(c.Request().Context(), c.Param("id"))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return endpoint.Fail(c, http.StatusNotFound, m.NotFound)
	case errors.Is(err, store.ErrMediaInUse):
		labels := make([]string, 0, len(uses))
		out := make([]Use, 0, len(uses))
		for _, u := range uses {
			labels = append(labels, u.Label)
			out = append(out, Use(u))
		}
		return endpoint.FailWith(c, http.StatusConflict, fmt.Sprintf(m.InUse, strings.Join(labels, ", ")), map[string]any{"usedOn": out})
	case err != nil:
		return err
	}
	s.deleteFiles(it.ID, it.Files)
	s.audit(c, audit.ActionMediaDelete, it.ID, it.FileName)
	return endpoint.OK(c, map[string]string{"id": it.ID}, m.Deleted)
}

func checkAlt(v *endpoint.Checker, m *locale.AdminMedia, alt map[string]string) map[string]string {
	out := map[string]string{}
	for lang, text := range alt {
		if _, ok := locale.Parse(lang); !ok {
			v.Set("alt", m.Language)
			continue
		}
		if t := v.Line("alt."+lang, text, maxAlt, false); t != "" {
			out[lang] = t
		}
	}
	return out
}

func checkTags(v *endpoint.Checker, tags []string) []string {
	out := []string{}
	for _, t := range tags {
		t = strings.ToLower(v.Line("tags", t, maxTag, false))
		if t != "" && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	if len(out) > maxTags {
		v.Set("tags", v.M.TooLongFor(maxTags))
	}
	return out
}

// upload is what an upload's form carries.
type upload struct {
	data     []byte
	fileName string
	fields   map[string]string
}

// readUpload reads the multipart form: the "file" part up to max bytes and
// the short text fields beside it.
func readUpload(r *http.Request, max int) (upload, error) {
	mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mediaType != "multipart/form-data" {
		return upload{}, endpoint.ErrNoFile
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return upload{}, err
	}
	u := upload{fields: map[string]string{}}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return upload{}, err
		}
		if err := readPart(part, max, &u); err != nil {
			return upload{}, err
		}
	}
	if len(u.data) == 0 {
		return upload{}, endpoint.ErrNoFile
	}
	return u, nil
}

func readPart(part *multipart.Part, max int, u *upload) error {
	defer part.Close()
	if part.FormName() == "file" {
		data, err := io.ReadAll(io.LimitReader(part, int64(max)+1))
		if err != nil {
			return err
		}
		if len(data) > max {
			return endpoint.ErrTooLarge
		}
		u.data, u.fileName = data, part.FileName()
		return nil
	}
	data, err := io.ReadAll(io.LimitReader(part, maxFieldBytes+1))
	if err != nil {
		return err
	}
	if len(data) > maxFieldBytes {
		return endpoint.ErrTooLarge
	}
	u.fields[part.FormName()] = string(data)
	return nil
}

// svgLike reports whether data looks like SVG or other XML: refused, with
// a sentence of its own.
func svgLike(data []byte, name string) bool {
	head := bytes.ToLower(bytes.TrimLeft(data[:min(len(data), 1024)], "\xef\xbb\xbf \t\r\n"))
	return bytes.HasPrefix(head, []byte("<?xml")) || bytes.HasPrefix(head, []byte("<svg")) ||
		bytes.Contains(head, []byte("<svg")) || strings.EqualFold(path.Ext(name), ".svg")
}

// Upload checks, encodes and stores a picture or a PDF with its title,
// alt text (field "alt", in the language of "altLang", the staff member's
// by default; required for a picture), tags (comma-separated) and folder,
// and answers the new item, or the one already holding the same file.
//
// POST /api/admin/media (multipart: file, title, alt, altLang, tags, folder)
func (s *Service) Upload(c echo.Context) error {
	msg := access.Text(c)
	m := &msg.Media
	if s.blobs == nil {
		return endpoint.Fail(c, http.StatusServiceUnavailable, m.Busy)
	}
	r := c.Request()
	if r.ContentLength > maxBody {
		return endpoint.Fail(c, http.StatusRequestEntityTooLarge, fmt.Sprintf(m.TooLarge, MaxDocumentBytes>>20))
	}
	r.Body = http.MaxBytesReader(c.Response(), r.Body, maxBody)
	u, err := readUpload(r, MaxDocumentBytes)
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe) || errors.Is(err, endpoint.ErrTooLarge):
		return endpoint.Fail(c, http.StatusRequestEntityTooLarge, fmt.Sprintf(m.TooLarge, MaxDocumentBytes>>20))
	case errors.Is(err, endpoint.ErrNoFile):
		return endpoint.Invalid(c, map[string]string{"file": m.Missing})
	case err != nil:
		return endpoint.Fail(c, http.StatusBadRequest, msg.BadRequest)
	}

	// What the file is, by its content alone.
	kind, contentType := "", ""
	var head imagecheck.Header
	switch {
	case isPDF(u.data):
		kind, contentType = store.MediaDocument, "application/pdf"
	case svgLike(u.data, u.fileName):
		return endpoint.Invalid(c, map[string]string{"file": m.SVG})
	default:
		head, err = imagecheck.Inspect(u.data)
		switch {
		case errors.Is(err, imagecheck.ErrType):
			return endpoint.Invalid(c, map[string]string{"file": m.Type})
		case err != nil:
			return endpoint.Invalid(c, map[string]string{"file": m.Unreadable})
		}
		kind, contentType = store.MediaImage, head.Type
	}

	// The details, checked before any work is spent on the file.
	v := endpoint.NewChecker(msg.Messages)
	altLang := u.fields["altLang"]
	if altLang == "" {
		altLang = access.StaffLocale(c)
	}
	if _, ok := locale.Parse(altLang); !ok {
		v.Set("altLang", m.Language)
	}
	title := v.Line("title", u.fields["title"], maxTitle, false)
	alt := v.Line("alt", u.fields["alt"], maxAlt, false)
	folder := v.Line("folder", u.fields["folder"], maxFolder, false)
	tags := checkTags(v, strings.Split(u.fields["tags"], ","))
	if kind == store.MediaImage && alt == "" {
		v.Set("alt", m.AltRequired)
	}
	if !v.OK() {
		return endpoint.Invalid(c, v.Errs)
	}

	sum := sha256.Sum256(u.data)
	sumHex := hex.EncodeToString(sum[:])
	ctx := r.Context()
	if existing, err := s.store.MediaBySha256(ctx, sumHex); err == nil {
		return endpoint.OK(c, view(existing), m.Duplicate)
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}

	item := store.MediaItem{ID: newID(), Kind: kind, FileName: cleanFileName(u.fileName, kind), ContentType: contentType,
		Bytes: int64(len(u.data)), Sha256: sumHex, Title: title, FocalX: 0.5, FocalY: 0.5, Tags: tags, Folder: folder,
		UploadedBy: access.Of(c).Staff.Name, UploadedAt: s.now(), UpdatedAt: s.now()}
	if alt != "" {
		item.Alt = map[string]string{altLang: alt}
	}
	if item.Title == "" {
		item.Title = strings.TrimSuffix(item.FileName, path.Ext(item.FileName))
	}
	var files []ssr.EncodedImage
	if kind == store.MediaDocument {
		if refused, err := checkPDF(c, m, u.data); refused || err != nil {
			return err
		}
		files = []ssr.EncodedImage{{Name: safeName(item.FileName, "document.pdf"), Type: contentType, Data: u.data}}
	} else {
		if len(u.data) > MaxImageBytes {
			return endpoint.Fail(c, http.StatusRequestEntityTooLarge, fmt.Sprintf(m.TooLarge, MaxImageBytes>>20))
		}
		switch Admit(head) {
		case ErrPixels:
			return endpoint.Invalid(c, map[string]string{"file": fmt.Sprintf(m.Pixels, head.Width, head.Height, MaxPixels/1_000_000)})
		case ErrDemanding:
			return endpoint.Invalid(c, map[string]string{"file": m.Demanding})
		}
		if s.encoder == nil {
			return endpoint.Fail(c, http.StatusServiceUnavailable, m.Busy)
		}
		files, err = s.encoder.EncodeLibraryImage(ctx, u.data)
		switch {
		case errors.Is(err, ssr.ErrImageDemanding):
			s.log.Info("admin: library picture over the encoder's budget", "err", err)
			return endpoint.Invalid(c, map[string]string{"file": m.Demanding})
		case errors.Is(err, ssr.ErrImageRefused):
			return endpoint.Invalid(c, map[string]string{"file": m.Unreadable})
		case errors.Is(err, ssr.ErrUnavailable):
			s.log.Warn("admin: library picture not encoded", "err", err)
			return endpoint.Fail(c, http.StatusServiceUnavailable, m.Busy)
		case err != nil:
			return fmt.Errorf("admin: encode library picture: %w", err)
		}
		// The header's size, turned as the encoder turned the picture
		// upright (its files say which way round it is).
		item.Width, item.Height = head.Width, head.Height
		if len(files) > 0 && files[0].Width > 0 && (files[0].Width > files[0].Height) != (head.Width > head.Height) && files[0].Width != files[0].Height {
			item.Width, item.Height = head.Height, head.Width
		}
	}
	stored, err := s.storeFiles(ctx, item.ID, files)
	if err != nil {
		return err
	}
	item.Files = stored
	created, isNew, err := s.store.CreateMediaItem(ctx, item)
	if err != nil || !isNew {
		s.deleteFiles(item.ID, stored)
	}
	if err != nil {
		return err
	}
	if !isNew {
		return endpoint.OK(c, view(created), m.Duplicate)
	}
	s.audit(c, audit.ActionMediaUpload, created.ID, created.FileName)
	return endpoint.OK(c, view(created), m.Uploaded)
}

// checkPDF answers the refusal of a PDF that can act and reports that it
// did.
func checkPDF(c echo.Context, m *locale.AdminMedia, data []byte) (bool, error) {
	names, err := activePDF(data)
	switch {
	case errors.Is(err, errPDFComplex):
		return true, endpoint.Invalid(c, map[string]string{"file": m.PDFComplex})
	case err != nil:
		return true, err
	case len(names) > 0:
		return true, endpoint.Invalid(c, map[string]string{"file": fmt.Sprintf(m.PDFActive, strings.Join(names, ", "))})
	}
	return false, nil
}

// storeFiles keeps an item's files; when one fails, those already stored
// are deleted.
func (s *Service) storeFiles(ctx context.Context, id string, files []ssr.EncodedImage) ([]store.MediaFile, error) {
	out := []store.MediaFile{}
	for _, f := range files {
		if !validFileName(f.Name) || slices.ContainsFunc(out, func(o store.MediaFile) bool { return o.Name == f.Name }) {
			continue
		}
		if err := s.blobs.Put(ctx, key(id, f.Name), bytes.NewReader(f.Data), f.Type); err != nil {
			s.deleteFiles(id, out)
			return nil, fmt.Errorf("admin: store media file: %w", err)
		}
		out = append(out, store.MediaFile{Name: f.Name, Type: f.Type, Width: f.Width, Height: f.Height})
	}
	if len(out) == 0 {
		return nil, errors.New("admin: the renderer made no file of a library picture")
	}
	return out, nil
}

// deleteFiles removes an item's files, logging what it could not remove.
func (s *Service) deleteFiles(id string, files []store.MediaFile) {
	ctx := context.WithoutCancel(context.Background())
	for _, f := range files {
		if err := s.blobs.Delete(ctx, key(id, f.Name)); err != nil {
			s.log.Warn("admin: media file left behind", "key", key(id, f.Name), "err", err)
		}
	}
}

func key(id, file string) string { return FileKey(id, file) }

// FileKey is where one file of a library item is kept in the upload store.
func FileKey(id, file string) string { return "library/" + id + "/" + file }

var (
	idPattern       = regexp.MustCompile(`^[a-z2-7]{24}$`)
	fileNamePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,99}$`)
)

func validFileName(name string) bool {
	return fileNamePattern.MatchString(name) && !strings.Contains(name, "..")
}

// newID returns a new item's id: 120 random bits in 24 lower-case letters
// and digits, safe in a URL and a blob key.
func newID() string {
	var b [15]byte
	_, _ = rand.Read(b[:]) // crypto/rand never fails on supported platforms
	return strings.ToLower(base32.StdEncoding.EncodeToString(b[:]))
}

// cleanFileName is the uploaded name as people read it: its base, at most
// 150 characters, printable, with a sensible extension for a document.
func cleanFileName(name, kind string) string {
	name = path.Base(strings.ReplaceAll(name, `\`, "/"))
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || endpoint.Invisible(r) || r == '"' {
			return -1
		}
		return r
	}, name)
	if name == "." || name == "/" || name == "" {
		name = "file"
	}
	if utf8.RuneCountInString(name) > 150 {
		name = string([]rune(name)[:150])
	}
	if kind == store.MediaDocument && !strings.EqualFold(path.Ext(name), ".pdf") {
		name += ".pdf"
	}
	return name
}

// safeName is a file name for the address: the name's letters and digits
// in lower case joined by hyphens, keeping its extension, or fallback.
func safeName(name, fallback string) string {
	ext := strings.ToLower(path.Ext(name))
	base := strings.ToLower(strings.TrimSuffix(name, path.Ext(name)))
	var b strings.Builder
	hyphen := false
	for _, r := range base {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			hyphen = false
		} else if !hyphen && b.Len() > 0 {
			b.WriteByte('-')
			hyphen = true
		}
	}
	out := strings.Trim(b.String(), "-")
	if len(out) > 80 {
		out = strings.Trim(out[:80], "-")
	}
	if out == "" || !validFileName(out+ext) {
		return fallback
	}
	return out + ext
}

// Serve sends one file of an item to anyone: public, immutable (an id's
// files never change), never sniffed, sandboxed; a document always as a
// download under its uploaded name.
//
// GET /media/library/:id/:file
func (s *Service) Serve(c echo.Context) error {
	id, file := c.Param("id"), c.Param("file")
	if !idPattern.MatchString(id) || !validFileName(file) || s.blobs == nil {
		return echo.ErrNotFound
	}
	ctx := c.Request().Context()
	it, err := s.store.MediaItemByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return echo.ErrNotFound
	}
	if err != nil {
		return err
	}
	i := slices.IndexFunc(it.Files, func(f store.MediaFile) bool { return f.Name == file })
	if i < 0 {
		return echo.ErrNotFound
	}
	rc, _, err := s.blobs.Get(ctx, key(id, file))
	if errors.Is(err, blob.ErrNotFound) {
		return echo.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("admin: serve media file: %w", err)
	}
	defer rc.Close()
	h := c.Response().Header()
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	if it.Kind == store.MediaDocument {
		h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": it.FileName}))
	}
	return c.Stream(http.StatusOK, it.Files[i].Type, rc)
}
