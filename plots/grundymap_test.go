package plots

import (
	"bytes"
	"encoding/base64"
	"image/color"
	"image/png"
	"strings"
	"testing"
)

// wythoffTable is Wythoff's game by the plain mex over every option, to
// draw a real table.
func wythoffTable(max int) [][]int32 {
	g := make([][]int32, max+1)
	for a := range g {
		g[a] = make([]int32, max+1)
		for b := range g[a] {
			seen := map[int32]bool{}
			for k := 1; k <= a; k++ {
				seen[g[a-k][b]] = true
			}
			for k := 1; k <= b; k++ {
				seen[g[a][b-k]] = true
			}
			for k := 1; k <= a && k <= b; k++ {
				seen[g[a-k][b-k]] = true
			}
			for seen[g[a][b]] {
				g[a][b]++
			}
		}
	}
	return g
}

func TestGrundyHeatmap(t *testing.T) {
	for _, max := range []int{0, 5, 40, 100} {
		g := wythoffTable(max)
		p, err := GrundyHeatmap("Wythoff", max, func(a, b int) int32 { return g[a][b] })
		if err != nil {
			t.Fatalf("max %d: %v", max, err)
		}
		for _, format := range Formats {
			var buf bytes.Buffer
			if err := Write(p, &buf, format); err != nil {
				t.Fatalf("max %d, %s: %v", max, format, err)
			}
			switch format {
			case "png":
				if _, err := png.Decode(&buf); err != nil {
					t.Errorf("max %d: the PNG does not decode: %v", max, err)
				}
			case "svg":
				// A raster's data is PNG and says so (vgsvg labels it jpg).
				_, data, ok := strings.Cut(buf.String(), `xlink:href="data:image/png;base64,`)
				if max+1 <= GrundyMapCells {
					if ok {
						t.Errorf("max %d: an image in a map drawn as cells", max)
					}
					continue
				}
				data, _, _ = strings.Cut(data, `"`)
				raw, err := base64.StdEncoding.DecodeString(data)
				if !ok || err != nil {
					t.Fatalf("max %d: no image/png data in the SVG (%v)", max, err)
				}
				if _, err := png.Decode(bytes.NewReader(raw)); err != nil {
					t.Errorf("max %d: the SVG's image/png does not decode: %v", max, err)
				}
			}
		}
	}
}

// TestGrundyRaster checks the raster's layout: b = 0 is the bottom row of
// the image, a = 0 the left column, and each cell covers a square of
// pixels.
func TestGrundyRaster(t *testing.T) {
	const side = 100
	img := grundyRaster(side, func(a, b int) int32 { return int32(a + side*b) }, func(v int32) color.Color {
		return color.RGBA{R: uint8(v % side), G: uint8(v / side), A: 255}
	})
	px := img.Bounds().Dx()
	if px < grundyMapPixels || px%side != 0 || img.Bounds().Dy() != px {
		t.Fatalf("raster %v for %d cells a side, want a square of a multiple of %d, at least %d", img.Bounds(), side, side, grundyMapPixels)
	}
	for _, c := range [][2]int{{0, 0}, {side - 1, 0}, {0, side - 1}, {37, 61}} {
		a, b := c[0], c[1]
		per := px / side
		for _, d := range []int{0, per - 1} {
			got := img.RGBAAt(a*per+d, px-1-(b*per+d))
			if int(got.R) != a || int(got.G) != b {
				t.Errorf("pixel of cell (%d, %d) + %d holds cell (%d, %d)", a, b, d, got.R, got.G)
			}
		}
	}
	big := grundyRaster(3000, func(a, b int) int32 { return 0 }, func(int32) color.Color { return color.Black })
	if big.Bounds().Dx() != grundyMapPixels {
		t.Errorf("raster of 3000 cells a side is %v, want %d pixels a side", big.Bounds(), grundyMapPixels)
	}
}

func TestGrundyHeatmapErrors(t *testing.T) {
	if _, err := GrundyHeatmap("t", -1, func(a, b int) int32 { return 0 }); err == nil || !strings.Contains(err.Error(), "max >= 0") {
		t.Errorf("max -1: %v, want an error naming max >= 0", err)
	}
	_, err := GrundyHeatmap("t", 3, func(a, b int) int32 { return int32(a - b) })
	if err == nil || !strings.Contains(err.Error(), "value(0, 1) = -1") {
		t.Errorf("negative value: %v, want an error naming value(0, 1) = -1", err)
	}
}
