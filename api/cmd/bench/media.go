package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"time"

	"noorvale.example/site/api/admin/media"
	"noorvale.example/site/api/imagecheck"
	"noorvale.example/site/api/ssr"
)

// mediaFigures prints what a media library upload costs the renderer: a
// large legitimate photograph, admitted and encoded, and hostile pictures,
// judged by the library's header check and then sent to a fresh renderer
// anyway, to show the encoder's own limit holds where the check would not.
// Each peak is set against the memory limit of the deployment's pod.
func mediaFigures(dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	limit, err := podMemoryLimit(abs)
	if err != nil {
		return err
	}
	photo, err := photograph(6000, 4000)
	if err != nil {
		return err
	}
	huge, err := flatPNG(10000, 10000, false, false)
	if err != nil {
		return err
	}
	deep, err := flatPNG(8000, 5000, true, true)
	if err != nil {
		return err
	}
	fmt.Printf("Media library pictures, each sent to a fresh renderer of %s (resident memory, MiB; sampled every 10 ms)\n", abs)
	fmt.Printf("The pod's memory limit (deploy/k8s/deployment.yaml): %d MiB\n\n", limit)
	fmt.Printf("%-50s %-10s %-9s %7s %7s %8s %9s %6s %s\n", "picture", "check", "renderer", "before", "peak", "encoder", "together", "s", "within")
	for _, p := range []struct {
		name string
		data []byte
	}{
		{"6000 × 4000 JPEG photograph (24 MP)", photo},
		{"10000 × 10000 RGB PNG (100 MP)", huge},
		{"8000 × 5000 interlaced 16-bit RGBA PNG", deep},
	} {
		if err := mediaFigure(abs, limit, fmt.Sprintf("%s, %d KB", p.name, len(p.data)>>10), p.data); err != nil {
			return err
		}
	}
	fmt.Print("\ncheck: the library's header check (imagecheck, the pixel and decoding budgets) that the upload meets\n" +
		"first; renderer: the encoder's answer when the picture is sent to it all the same; together: the\n" +
		"renderer and its children at one moment; within: together under the pod's limit.\n\n")
	return nil
}

func mediaFigure(dir string, limit int, name string, data []byte) error {
	check := "admitted"
	head, err := imagecheck.Inspect(data)
	if err == nil {
		err = media.Admit(head)
	}
	switch {
	case errors.Is(err, media.ErrPixels):
		check = "pixels"
	case errors.Is(err, media.ErrDemanding):
		check = "memory"
	case err != nil:
		check = "unreadable"
	}
	sup, err := ssr.NewSupervisor(ssr.SupervisorConfig{
		Dir:     dir,
		DistDir: filepath.Join(dir, "dist"),
		Logger:  slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		return err
	}
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = sup.Stop(ctx)
	}()
	if err := sup.Start(context.Background()); err != nil {
		return err
	}
	pid := sup.PID()
	before := rssMiB(pid, "VmRSS")
	sampler := sampleTree(pid)
	started := time.Now()
	images, err := sup.EncodeLibraryImage(context.Background(), data)
	took := time.Since(started)
	peaks := sampler.stop()
	answer := fmt.Sprintf("%d files", len(images))
	switch {
	case errors.Is(err, ssr.ErrImageDemanding):
		answer = "refused"
	case err != nil:
		answer = "failed"
		fmt.Fprintf(os.Stderr, "bench: %s: %v\n", name, err)
	}
	within := "yes"
	if peaks.together >= float64(limit) {
		within = "NO"
	}
	fmt.Printf("%-50s %-10s %-9s %7.0f %7.0f %8.0f %9.0f %6.1f %s\n", name, check, answer,
		before, peaks.renderer, peaks.encoder, peaks.together, took.Seconds(), within)
	return nil
}

// photograph encodes a width × height JPEG of smooth gradients, as large
// as a camera's, that the library takes.
func photograph(width, height int) ([]byte, error) {
	img := image.NewYCbCr(image.Rect(0, 0, width, height), image.YCbCrSubsampleRatio420)
	for y := range height {
		for x := range width {
			img.Y[y*img.YStride+x] = uint8(40 + 180*x/width)
		}
	}
	for y := range height / 2 {
		for x := range width / 2 {
			img.Cb[y*img.CStride+x] = uint8(90 + 60*y/(height/2))
			img.Cr[y*img.CStride+x] = uint8(160 - 50*x/(width/2))
		}
	}
	var out bytes.Buffer
	if err := jpeg.Encode(&out, img, &jpeg.Options{Quality: 85}); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// podMemoryLimit reads the server container's memory limit, in MiB, from
// the deployment's manifest in the checkout dir.
func podMemoryLimit(dir string) (int, error) {
	data, err := os.ReadFile(filepath.Join(dir, "deploy", "k8s", "deployment.yaml"))
	if err != nil {
		return 0, err
	}
	m := regexp.MustCompile(`limits:\s*\n\s*memory:\s*(\d+)Mi`).FindSubmatch(data)
	if m == nil {
		return 0, errors.New("bench: no memory limit in deploy/k8s/deployment.yaml")
	}
	return strconv.Atoi(string(m[1]))
}
