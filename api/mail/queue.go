package mail

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"noorvale.example/site/api/endpoint"
	"noorvale.example/site/api/locale"
	"noorvale.example/site/api/store"
)

// QueueStore is the database as the queue and its sender use it; *store.Store is one.
type QueueStore interface {
	EnqueueMail(ctx context.Context, m store.OutgoingMail, now time.Time) (int64, error)
	ClaimMail(ctx context.Context, now, until time.Time, limit int) ([]store.QueuedMail, error)
	MarkMailSent(ctx context.Context, id int64, now time.Time) error
	RetryMail(ctx context.Context, id int64, attempts int, next time.Time, lastError string) error
	ReleaseMail(ctx context.Context, id int64) error
	AbandonMail(ctx context.Context, id int64, now time.Time, lastError string) error
	DeleteOldMail(ctx context.Context, before time.Time) (int64, error)
	TryExclusive(ctx context.Context, key int64, fn func(context.Context) error) (bool, error)
}

// QueueConfig configures a Queue.
type QueueConfig struct {
	Store     QueueStore
	SecretKey string           // config.SecretKey; the queue's encryption key is derived from it
	Now       func() time.Time // clock; time.Now when nil
}

// Queue stores messages in the database for the background sender.
type Queue struct {
	store  QueueStore
	sealer *sealer
	keys   endpoint.Keys // the recipient's keyed hash, stored beside each message
	now    func() time.Time
	wake   chan struct{} // tells this process's sender that a message is waiting
}

// NewQueue returns a queue writing to the store, sealing messages under a
// key derived from the secret key.
func NewQueue(cfg QueueConfig) (*Queue, error) {
	s, err := newSealer(cfg.SecretKey)
	if err != nil {
		return nil, err
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Queue{store: cfg.Store, sealer: s, keys: endpoint.NewKeys(cfg.SecretKey), now: cfg.Now, wake: make(chan struct{}, 1)}, nil
}

// sealedMessage is the part of a queued message kept encrypted.
type sealedMessage struct {
	To     string            `json:"to"`
	Name   string            `json:"name,omitempty"`
	Locale locale.Locale     `json:"locale"`
	Kind   Kind              `json:"kind"`
	Data   map[string]string `json:"data,omitempty"`
	// ReplyTo and From follow Message's field order, so the two convert.
	ReplyTo string `json:"replyTo,omitempty"`
	From    string `json:"from,omitempty"`
}

// purposeQueue binds sealed queue rows to the queue.
const purposeQueue = "mail-queue:v1"

// Enqueue validates a message, seals it and stores it for the sender. It
// never sends inline; it refuses (with an error wrapping ErrInvalidMessage)
// a message of an unknown kind, with missing data, or whose recipient or
// name holds a line break.
func (q *Queue) Enqueue(ctx context.Context, m Message) error {
	out, err := q.Seal(m)
	if err != nil {
		return err
	}
	if _, err := q.store.EnqueueMail(ctx, out, q.now()); err != nil {
		return fmt.Errorf("mail: enqueue %s: %w", m.Kind, err)
	}
	q.Wake()
	return nil
}

// Seal validates and encrypts a message for a caller that stores it in its
// own transaction, beside the record that sends it (and then calls Wake),
// with the keyed hash of the person it is about (see Message.Person). It
// refuses what Enqueue refuses.
func (q *Queue) Seal(m Message) (store.OutgoingMail, error) {
	m, err := validate(m)
	if err != nil {
		return store.OutgoingMail{}, err
	}
	plain, err := json.Marshal(sealedMessage(m))
	if err != nil {
		return store.OutgoingMail{}, fmt.Errorf("mail: seal %s: %w", m.Kind, err)
	}
	return store.OutgoingMail{
		Kind: string(m.Kind), Sealed: q.sealer.seal(purposeQueue, plain), RecipientHash: q.keys.Recipient(m.Person()),
	}, nil
}

// Wake tells the sender that messages were queued, so it looks at once.
func (q *Queue) Wake() {
	select {
	case q.wake <- struct{}{}:
	default: // the sender is already due to look
	}
}

// open decrypts a queued message.
func (q *Queue) open(sealed string) (Message, error) {
	plain, err := q.sealer.open(purposeQueue, sealed)
	if err != nil {
		return Message{}, err
	}
	var sm sealedMessage
	if err := json.Unmarshal(plain, &sm); err != nil {
		return Message{}, fmt.Errorf("mail: decode queued message: %w", err)
	}
	return Message(sm), nil
}
